import { HttpException, Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ResearchProgress, ResearchSource, SavedResearch, WebSearchResult } from '@kasa/contracts';
import { CHAT_MODEL, type ChatModel, ChatModelError } from '../../ai/chat-model.port';
import { KnowledgeSearchService } from '../../ai/knowledge/knowledge-search.service';
import type { ReplyLanguage } from '../../ai/language/detect-language';
import { APP_CONFIG, type AppConfig } from '../../config';
import { type AddressGuard, OutsideFetchError } from '../search/providers/http-fetch';
import { WebSearchEngines } from '../search/web-search.engines';
import { WorkerThreadsService } from '../../worker-threads';
import { extractiveSummary } from './extractive-summary';
import type { RunResearchJob } from './jobs/run-research.job-types';
import { publicInternetGuard } from './public-address';
import { aiTimeout, researchFailed, summaryModelFailed } from './research.errors';
import { ResearchRepository } from './research.repository';
import { fetchWebPage } from './web-page';
import { type WikipediaHit, WikipediaClient } from './wikipedia.client';

/** Local hits an offline research summarises. */
const OFFLINE_SOURCES = 5;
/** Characters of one fetched text the model reads, and of all of them together. */
const MODEL_TEXT_PER_SOURCE = 4_000;
const MODEL_TEXT_TOTAL = 14_000;
/** Characters of a summary kept (a model that rambles is cut). */
const SUMMARY_MAX = 6_000;
const SNIPPET_MAX = 240;

/** A page actually fetched: the only kind of source a research cites. */
interface FetchedSource {
  title: string;
  url: string;
  text: string;
  snippet: string;
  type: 'encyclopedia' | 'web';
}

type Candidate = { kind: 'wikipedia'; hit: WikipediaHit } | { kind: 'web'; result: WebSearchResult };

/** The first line of an offline summary, so nobody takes it for a web research. */
export function offlineLabel(language: ReplyLanguage, appName: string): string {
  return language === 'fr'
    ? `Recherche hors ligne : ce résumé vient uniquement des connaissances locales de ${appName}, pas d'internet.`
    : `Offline research: this summary comes only from ${appName}'s local knowledge, not from the internet.`;
}

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/**
 * One research, as the research.run job runs it (docs/architecture.md#jobs):
 * 1. searching: Wikipedia in the user's language (English when that finds nothing) and the
 *    configured web search providers;
 * 2. fetching: the top pages (Wikipedia summaries, web pages as text), at most `maxPages`;
 * 3. summarising: the chat model writes a summary from those texts only, citing them [1]...
 * Offline (the offline chat engine, RESEARCH_WEB=off, or no page could be fetched): the local
 * index and an extractive summary, labelled offline. Progress is stored per request id; the
 * research is saved for its owner either way. Pages and Wikipedia's redirects stay on the public
 * internet (public-address.ts) unless RESEARCH_ALLOW_PRIVATE_NETWORK; pages' HTML is read on a
 * worker thread.
 */
@Injectable()
export class ResearchRunner implements OnModuleDestroy {
  private readonly logger = new Logger('Research');
  private readonly wikipedia: WikipediaClient;
  /** Undefined when RESEARCH_ALLOW_PRIVATE_NETWORK lets research read any address. */
  private readonly guard: AddressGuard | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CHAT_MODEL) private readonly model: ChatModel,
    private readonly engines: WebSearchEngines,
    private readonly knowledge: KnowledgeSearchService,
    private readonly repository: ResearchRepository,
    private readonly threads: WorkerThreadsService,
  ) {
    const { research } = config.enhancements;
    this.guard = research.allowPrivateNetwork ? undefined : publicInternetGuard();
    this.wikipedia = new WikipediaClient(research.wikipediaApiUrl, research.fetchTimeoutMs, this.guard);
  }

  async onModuleDestroy(): Promise<void> {
    await this.guard?.dispatcher?.close();
  }

  /** True when research goes to Wikipedia and the web and a model summarises. */
  get webMode(): boolean {
    return this.config.enhancements.research.web && this.model.engine === 'openai-compatible';
  }

  async run(job: RunResearchJob): Promise<SavedResearch> {
    try {
      await this.progress(job, { stage: 'searching', percent: 10 });
      const fetched = this.webMode ? await this.gather(job) : [];
      const outcome = fetched.length > 0 ? await this.summariseWeb(job, fetched) : await this.offline(job);
      const saved = await this.repository.save({
        userId: job.userId,
        conversationId: job.conversationId,
        query: job.query,
        ...outcome,
      });
      await this.progress(job, { stage: 'done', percent: 100 });
      return saved;
    } catch (error) {
      await this.progress(job, { stage: 'failed', percent: 100 }).catch(() => undefined);
      if (error instanceof HttpException) throw error;
      this.logger.error(`Research failed: ${error instanceof Error ? error.message : String(error)}`);
      throw researchFailed();
    }
  }

  /** Steps 1 and 2: the pages found and fetched (none when the network gave nothing). */
  private async gather(job: RunResearchJob): Promise<FetchedSource[]> {
    const [wikipedia, web] = await Promise.all([this.searchWikipedia(job), this.searchWeb(job)]);
    await this.progress(job, { stage: 'fetching', percent: 35 });
    const candidates = this.choose(wikipedia, web);
    const pages = await Promise.all(candidates.map((candidate) => this.fetchCandidate(candidate)));
    return pages.filter((page): page is FetchedSource => page !== undefined);
  }

  private async searchWikipedia({ query, language }: RunResearchJob): Promise<WikipediaHit[]> {
    const languages: ReplyLanguage[] = language === 'en' ? ['en'] : [language, 'en'];
    for (const lang of languages) {
      try {
        const hits = await this.wikipedia.search(query, lang);
        if (hits.length > 0) return hits;
      } catch (error) {
        this.logger.warn(`Wikipedia (${lang}) search failed: ${describe(error)}`);
      }
    }
    return [];
  }

  private async searchWeb({ query, language }: RunResearchJob): Promise<WebSearchResult[]> {
    if (!this.engines.webConfigured) return [];
    try {
      return (await this.engines.searchWeb(query, language)).results;
    } catch (error) {
      this.logger.warn(`Web search for research failed: ${describe(error)}`);
      return [];
    }
  }

  /**
   * The pages to fetch: the best Wikipedia articles (half the budget when the web found pages
   * too), then web pages, then more articles if the web had too few. Web results that are
   * Wikipedia pages already chosen are skipped.
   */
  private choose(wikipedia: WikipediaHit[], web: WebSearchResult[]): Candidate[] {
    const budget = Math.max(1, this.config.enhancements.research.maxPages);
    const wikiFirst = web.length > 0 ? Math.min(wikipedia.length, Math.ceil(budget / 2)) : budget;
    const chosen: Candidate[] = wikipedia.slice(0, wikiFirst).map((hit) => ({ kind: 'wikipedia', hit }));
    const seen = new Set<string>();
    for (const result of web) {
      if (chosen.length >= budget) break;
      const key = result.link.replace(/#.*$/, '');
      if (seen.has(key) || /\.wikipedia\.org\/wiki\//.test(key)) continue;
      seen.add(key);
      chosen.push({ kind: 'web', result });
    }
    for (const hit of wikipedia.slice(wikiFirst)) {
      if (chosen.length >= budget) break;
      chosen.push({ kind: 'wikipedia', hit });
    }
    return chosen;
  }

  private async fetchCandidate(candidate: Candidate): Promise<FetchedSource | undefined> {
    try {
      if (candidate.kind === 'wikipedia') {
        const page = await this.wikipedia.summary(candidate.hit);
        return {
          title: page.title,
          url: page.url,
          text: page.extract,
          snippet: cut(page.extract, SNIPPET_MAX),
          type: 'encyclopedia',
        };
      }
      const { result } = candidate;
      const { fetchTimeoutMs, pageParseTimeoutMs } = this.config.enhancements.research;
      const page = await fetchWebPage(result.link, {
        timeoutMs: fetchTimeoutMs,
        parseTimeoutMs: pageParseTimeoutMs,
        threads: this.threads,
        guard: this.guard,
      });
      return {
        title: result.title || page.title || result.displayLink,
        url: result.link,
        text: page.text,
        snippet: cut(result.snippet || page.text, SNIPPET_MAX),
        type: 'web',
      };
    } catch (error) {
      const where =
        candidate.kind === 'wikipedia' ? `Wikipedia page ${candidate.hit.key}` : candidate.result.link;
      this.logger.warn(`Research could not fetch ${where}: ${describe(error)}`);
      return undefined;
    }
  }

  /** Step 3 with the chat model: a summary of the fetched texts only, citing them by number. */
  private async summariseWeb(
    job: RunResearchJob,
    fetched: FetchedSource[],
  ): Promise<{ summary: string; sources: ResearchSource[]; mode: 'web' }> {
    await this.progress(job, { stage: 'summarising', percent: 70 });
    const perSource = Math.min(MODEL_TEXT_PER_SOURCE, Math.floor(MODEL_TEXT_TOTAL / fetched.length));
    const numbered = fetched
      .map((page, index) => `[${index + 1}] ${page.title} (${page.url})\n${cut(page.text, perSource)}`)
      .join('\n\n');
    const french = job.language === 'fr';
    const system =
      'You are a research assistant. Write a concise summary (at most 200 words) that answers the ' +
      "user's research query using ONLY the numbered sources given. Cite the sources you use by their " +
      'number in square brackets, like [1] or [2], right after the facts they support. Do not add ' +
      'facts that are not in the sources; if they do not answer the query, say so briefly. ' +
      `Write in ${french ? 'French' : 'English'}, in plain text without headings.`;
    const user = `Research query: ${job.query}\n\nSources:\n\n${numbered}`;
    const { ai } = this.config;
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(),
      ai.requestTimeoutMs * (Math.max(0, ai.maxRetries) + 1),
    );
    let summary = '';
    try {
      for await (const chunk of this.model.stream({
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
        userId: job.userId,
        signal: controller.signal,
      })) {
        summary += chunk;
        if (summary.length > SUMMARY_MAX) break;
      }
    } catch (error) {
      if (error instanceof ChatModelError) throw summaryModelFailed(error);
      throw error;
    } finally {
      clearTimeout(timer);
    }
    summary = cut(summary.trim(), SUMMARY_MAX);
    if (summary === '' || controller.signal.aborted) throw aiTimeout();
    const sources = fetched.map(({ title, url, snippet, type }) => ({ title, url, snippet, type }));
    return { summary, sources, mode: 'web' };
  }

  /** Offline: the local index's best passages and an extractive summary, labelled. */
  private async offline(
    job: RunResearchJob,
  ): Promise<{ summary: string; sources: ResearchSource[]; mode: 'offline' }> {
    await this.progress(job, { stage: 'summarising', percent: 60 });
    const hits = await this.knowledge.search({ text: job.query, userId: job.userId, limit: OFFLINE_SOURCES });
    const label = offlineLabel(job.language, this.config.appName);
    if (hits.length === 0) {
      const where = this.knowledge.sourceDescriptions(job.language).join(', ');
      const nothing =
        job.language === 'fr'
          ? `Rien de pertinent n'a été trouvé dans ${where || 'les connaissances locales'}.`
          : `Nothing relevant was found in ${where || 'the local knowledge'}.`;
      return { summary: `${label}\n\n${nothing}`, sources: [], mode: 'offline' };
    }
    const summary = extractiveSummary(
      job.query,
      hits.map((hit) => hit.excerpt),
      job.language,
    );
    const sources: ResearchSource[] = hits.map((hit) => ({
      title: hit.title,
      url: hit.url ?? '/chat',
      snippet: cut(hit.excerpt, SNIPPET_MAX),
      type: 'local',
    }));
    return { summary: `${label}\n\n${summary}`, sources, mode: 'offline' };
  }

  private async progress(job: RunResearchJob, progress: ResearchProgress): Promise<void> {
    if (job.requestId) await this.repository.setProgress(job.userId, job.requestId, progress);
  }
}

function describe(error: unknown): string {
  if (error instanceof OutsideFetchError) return `${error.reason}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
