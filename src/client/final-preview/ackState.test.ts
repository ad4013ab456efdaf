import { describe, expect, it } from 'vitest';
import { readAckState } from './ackState.js';

describe('readAckState', () => {
  it('keeps the url, email and message handed over', () => {
    expect(
      readAckState({
        url: 'https://portfolio.example/users/asha',
        email: 'asha@example.com',
        message: 'Published.',
      }),
    ).toEqual({
      url: 'https://portfolio.example/users/asha',
      email: 'asha@example.com',
      message: 'Published.',
    });
  });

  it('has nothing on a direct load', () => {
    expect(readAckState(null)).toEqual({});
    expect(readAckState(undefined)).toEqual({});
    expect(readAckState('https://portfolio.example/users/asha')).toEqual({});
  });

  it('drops what is not text, empty, or a link that is not http(s)', () => {
    expect(readAckState({ url: 'javascript:alert(1)', email: 42, message: '' })).toEqual({
      url: undefined,
      email: undefined,
      message: undefined,
    });
  });
});
