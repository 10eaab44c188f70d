// @kasa/ui/markdown: the reply renderer, for `lazy(() => import('@kasa/ui/markdown'))`. Import it
// only that way from screens: a static import would put marked and the renderer in the first load.
export { Markdown, Markdown as default, type MarkdownProps } from './Markdown';
