import { describe, expect, it } from 'vitest';
import { needsRedirectCheckout } from './in-app-browser.js';

describe('which browsers take the checkout redirect flow', () => {
  it.each([
    [
      'Instagram on Android',
      'Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 Instagram 309.1.0.41.113 Android (33/13; 450dpi; 1080x2177; samsung; SM-A536E; a53x; s5e8825; en_IN; 541635890)',
    ],
    [
      'Instagram on iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 307.0.2.24.108 (iPhone14,5; iOS 17_1; en_IN; en; scale=3.00; 1170x2532; 530357476)',
    ],
    [
      'Facebook on iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/438.0.0.33.118;FBBV/545870281;FBDV/iPhone13,2;FBMD/iPhone;FBSN/iOS;FBSV/16.6;FBSS/3;FBID/phone;FBLC/en_GB;FBOP/5]',
    ],
    [
      'Facebook Messenger on Android',
      'Mozilla/5.0 (Linux; Android 12; RMX3381; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.111 Mobile Safari/537.36 [FB_IAB/Orca-Android;FBAV/435.0.0.16.108;]',
    ],
    [
      'UC Browser',
      'Mozilla/5.0 (Linux; U; Android 10; en-US; RMX1911 Build/QKQ1.200209.002) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.108 UCBrowser/13.4.0.1306 Mobile Safari/537.36',
    ],
    [
      'Opera on Android',
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 OPR/79.0.4195.76463',
    ],
    [
      'Opera Mini',
      'Opera/9.80 (Android; Opera Mini/36.2.2254/119.132; U; id) Presto/2.12.423 Version/12.16',
    ],
  ])('%s', (_name, userAgent) => {
    expect(needsRedirectCheckout(userAgent)).toBe(true);
  });

  it.each([
    [
      'Chrome on Android',
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36',
    ],
    [
      'Safari on iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    ],
    [
      'Firefox on a desktop',
      'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0',
    ],
    ['an empty user agent', ''],
  ])('not %s', (_name, userAgent) => {
    expect(needsRedirectCheckout(userAgent)).toBe(false);
  });

  it('does not search a user agent longer than any real one', () => {
    expect(needsRedirectCheckout(`${'a'.repeat(2000)} Instagram`)).toBe(false);
  });
});
