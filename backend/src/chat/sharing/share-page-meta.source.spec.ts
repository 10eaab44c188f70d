import { ShellPageMetaRegistry } from '../../web';
import type { LiveShare } from './share.rows';
import { previewDescription, SharePageMetaSource } from './share-page-meta.source';
import type { SnapshotMessage } from './share-snapshot';
import type { SharesService } from './shares.service';

const LIVE_ID = 'q3V9kC1x0LrT2mZpA8bN4w';

const said = (role: SnapshotMessage['role'], content: string): SnapshotMessage => ({
  role,
  content,
  status: 'complete',
  modelName: null,
  createdAt: '2026-11-28T09:30:00.000Z',
  imageFileId: null,
  audioFileId: null,
  transcription: null,
  attachmentNames: [],
});

const live = (snapshot: SnapshotMessage[]): LiveShare => ({
  id: LIVE_ID,
  ownerId: 'owner',
  title: 'Maize spacing',
  author: null,
  snapshot,
  createdAt: new Date(),
});

describe('previewDescription', () => {
  it("is the first reply with words, plain and short, and never the user's question", () => {
    const share = live([
      said('user', 'My question'),
      said('assistant', '   '),
      said('assistant', `**Plant** in rows. ${'More words. '.repeat(30)}`),
      said('assistant', 'A later reply'),
    ]);
    const description = previewDescription(share)!;
    expect(description.startsWith('Plant in rows. More words.')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(150);
    expect(description.endsWith('…')).toBe(true);
  });

  it('is undefined when the link shows no reply with text', () => {
    expect(previewDescription(live([said('user', 'Only a question')]))).toBeUndefined();
  });
});

describe('SharePageMetaSource', () => {
  const looked: string[] = [];
  const shares = {
    findLive: async (id: string) => {
      looked.push(id);
      return id === LIVE_ID ? live([said('assistant', 'Plant in rows.')]) : null;
    },
  } as unknown as SharesService;
  const registry = new ShellPageMetaRegistry();
  new SharePageMetaSource(registry, shares).onModuleInit();

  it('gives a live link its title and description, unindexed', async () => {
    for (const path of [`/s/${LIVE_ID}`, `/s/${LIVE_ID}/`])
      expect(await registry.metaFor(path)).toEqual({
        noindex: true,
        openGraph: { title: 'Maize spacing', description: 'Plant in rows.' },
      });
  });

  it('makes any other /s/ page a 404 without a conversation', async () => {
    expect(await registry.metaFor('/s/unknown')).toEqual({ status: 404, noindex: true });
    expect(await registry.metaFor('/s/')).toEqual({ status: 404, noindex: true });
  });

  it('leaves every other page alone', async () => {
    looked.length = 0;
    for (const path of ['/', '/chat', '/s', '/s/a/b', `/x/s/${LIVE_ID}`, `/shares/${LIVE_ID}`])
      expect(await registry.metaFor(path)).toBeNull();
    expect(looked).toEqual([]);
  });
});
