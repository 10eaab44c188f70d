// The GGUF chat models `npm run model:pull` offers: small instruct models a CPU answers with in
// seconds. RAM is for the default 4,096-token context (LOCAL_MODEL_CONTEXT): the weights, the
// context's key/value cache and llama.cpp's working buffers, not counting the API and PostgreSQL.
// Every file is 4-bit (Q4_K_M): about a third of the 16-bit size, for little loss of quality.

/**
 * @typedef {object} CatalogModel
 * @property {string} name what the operator types: `npm run model:pull -- <name>`
 * @property {string} title
 * @property {string} repo the Hugging Face repository
 * @property {string} file the GGUF file in it, as saved in DATA_DIR/models
 * @property {{ name: string, url: string }} licence
 * @property {string} download approximate size of the file
 * @property {string} ram approximate memory the model needs while it answers
 * @property {string} languages what it writes well
 * @property {string} why
 */

/** @type {CatalogModel[]} */
export const catalog = [
  {
    name: 'qwen2.5-1.5b',
    title: 'Qwen2.5 1.5B Instruct',
    repo: 'Qwen/Qwen2.5-1.5B-Instruct-GGUF',
    file: 'qwen2.5-1.5b-instruct-q4_k_m.gguf',
    licence: {
      name: 'Apache-2.0',
      url: 'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct/blob/main/LICENSE',
    },
    download: '1.1 GB',
    ram: '2 GB',
    languages: 'English, French + 27 more',
    why: 'The best answers of the small ones, in French too, under an open licence.',
  },
  {
    name: 'llama3.2-1b',
    title: 'Llama 3.2 1B Instruct',
    repo: 'bartowski/Llama-3.2-1B-Instruct-GGUF',
    file: 'Llama-3.2-1B-Instruct-Q4_K_M.gguf',
    licence: {
      name: 'Llama 3.2 Community License',
      url: 'https://huggingface.co/meta-llama/Llama-3.2-1B-Instruct/blob/main/LICENSE.txt',
    },
    download: '0.8 GB',
    ram: '1.5 GB',
    languages: 'English, French + 6 more',
    why: 'Smaller and faster than Qwen2.5 1.5B, with a little less knowledge.',
  },
  {
    name: 'gemma2-2b',
    title: 'Gemma 2 2B Instruct',
    repo: 'bartowski/gemma-2-2b-it-GGUF',
    file: 'gemma-2-2b-it-Q4_K_M.gguf',
    licence: { name: 'Gemma Terms of Use', url: 'https://ai.google.dev/gemma/terms' },
    download: '1.7 GB',
    ram: '3 GB',
    languages: 'English; French fair',
    why: 'The most fluent writing of these, for machines with 4 GB or more; slower.',
  },
  {
    name: 'qwen2.5-0.5b',
    title: 'Qwen2.5 0.5B Instruct',
    repo: 'Qwen/Qwen2.5-0.5B-Instruct-GGUF',
    file: 'qwen2.5-0.5b-instruct-q4_k_m.gguf',
    licence: {
      name: 'Apache-2.0',
      url: 'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct/blob/main/LICENSE',
    },
    download: '0.5 GB',
    ram: '1 GB',
    languages: 'English, French (basic)',
    why: 'For machines with 2 GB of memory only: fast, but its answers are often weak or wrong.',
  },
];

export const defaultModelName = 'qwen2.5-1.5b';

/** @returns {CatalogModel | undefined} */
export function findModel(name) {
  return catalog.find((model) => model.name === name.toLowerCase());
}
