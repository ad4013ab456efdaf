import { describe, expect, it } from 'vitest';
import type { UploadedImage } from '../../shared/uploads.js';
import { UploadError } from './sendUpload.js';
import { createUploadQueue, type QueuedUploadEvents } from './uploadQueue.js';

/** A send whose answers the test gives, one request at a time. */
function fakeServer() {
  const requests: { name: string; answer: (error?: UploadError) => void }[] = [];
  let open = 0;
  let mostOpen = 0;
  const send = (file: Blob) =>
    new Promise<UploadedImage>((resolve, reject) => {
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      const name = (file as File).name;
      requests.push({
        name,
        answer: (error) => {
          open -= 1;
          if (error) reject(error);
          else resolve({ ref: `ref-of-${name}` } as UploadedImage);
        },
      });
    });
  return { send, requests, mostOpen: () => mostOpen };
}

const photo = (name: string) => new File(['jpeg bytes'], name, { type: 'image/jpeg' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function events(log: string[], name: string, signal = new AbortController().signal) {
  return {
    onStart: () => log.push(`${name} starts`),
    onProgress: () => undefined,
    onWaiting: () => log.push(`${name} waits`),
    signal,
  } satisfies QueuedUploadEvents;
}

describe('the upload queue', () => {
  it('sends at most two at once and the rest in the order they were picked', async () => {
    const server = fakeServer();
    const queue = createUploadQueue(2, server.send);
    const log: string[] = [];
    const names = ['1.jpg', '2.jpg', '3.jpg', '4.jpg', '5.jpg'];
    const results = names.map((name) => queue(photo(name), events(log, name)));
    await settle();
    expect(server.requests.map((request) => request.name)).toEqual(['1.jpg', '2.jpg']);
    expect(log.toSorted()).toEqual([
      '1.jpg starts',
      '2.jpg starts',
      '3.jpg waits',
      '4.jpg waits',
      '5.jpg waits',
    ]);
    // The second answers first: the third takes its place.
    server.requests[1]!.answer();
    await settle();
    expect(server.requests.map((request) => request.name)).toEqual(['1.jpg', '2.jpg', '3.jpg']);
    server.requests[0]!.answer();
    await settle();
    server.requests[2]!.answer();
    await settle();
    expect(server.requests.map((request) => request.name)).toEqual(names);
    server.requests[3]!.answer();
    server.requests[4]!.answer();
    const refs = await Promise.all(results);
    expect(refs.map((image) => image.ref)).toEqual(names.map((name) => `ref-of-${name}`));
    expect(server.requests.map((request) => request.name)).toEqual(names);
    expect(server.mostOpen()).toBe(2);
  });

  it('asks again, without failing, when the server says too many are in progress', async () => {
    const server = fakeServer();
    const queue = createUploadQueue(2, server.send);
    const log: string[] = [];
    const result = queue(photo('a.jpg'), events(log, 'a.jpg'));
    await settle();
    server.requests[0]!.answer(new UploadError('Your other uploads…', 429, 'uploads_in_progress'));
    await expect.poll(() => server.requests.length).toBe(2);
    server.requests[1]!.answer();
    await expect(result).resolves.toMatchObject({ ref: 'ref-of-a.jpg' });
    expect(log).toEqual(['a.jpg starts', 'a.jpg waits', 'a.jpg starts']);
  });

  it("shows the server's refusal once its few attempts are spent", async () => {
    const server = fakeServer();
    const queue = createUploadQueue(2, server.send, [0, 0]);
    const result = queue(photo('a.jpg'), events([], 'a.jpg'));
    const tooMany = new UploadError('Your other uploads…', 429, 'uploads_in_progress');
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await expect.poll(() => server.requests.length).toBe(attempt);
      server.requests[attempt - 1]!.answer(tooMany);
    }
    await expect(result).rejects.toBe(tooMany);
    expect(server.requests).toHaveLength(3);
  });

  it('fails at once on any other refusal, and gives its place to the next', async () => {
    const server = fakeServer();
    const queue = createUploadQueue(1, server.send);
    const first = queue(photo('a.jpg'), events([], 'a.jpg'));
    const second = queue(photo('b.jpg'), events([], 'b.jpg'));
    await settle();
    server.requests[0]!.answer(new UploadError('Not an image', 400));
    await expect(first).rejects.toThrow('Not an image');
    await settle();
    server.requests[1]!.answer();
    await expect(second).resolves.toMatchObject({ ref: 'ref-of-b.jpg' });
  });

  it('drops a waiting upload that is cancelled; the others keep their order', async () => {
    const server = fakeServer();
    const queue = createUploadQueue(1, server.send);
    const cancel = new AbortController();
    const first = queue(photo('a.jpg'), events([], 'a.jpg'));
    const second = queue(photo('b.jpg'), events([], 'b.jpg', cancel.signal));
    const third = queue(photo('c.jpg'), events([], 'c.jpg'));
    cancel.abort();
    await expect(second).rejects.toMatchObject({ code: 'aborted' });
    server.requests[0]!.answer();
    await first;
    await settle();
    expect(server.requests.map((request) => request.name)).toEqual(['a.jpg', 'c.jpg']);
    server.requests[1]!.answer();
    await expect(third).resolves.toMatchObject({ ref: 'ref-of-c.jpg' });
  });

  it('refuses an empty file at once, without taking a place', async () => {
    const server = fakeServer();
    const queue = createUploadQueue(1, server.send);
    await expect(queue(new File([], 'empty.jpg'), events([], 'empty'))).rejects.toThrow(
      'This file is empty',
    );
    expect(server.requests).toEqual([]);
  });
});
