import { describe, expect, it } from 'vitest';
import { sharePageHint, sharePageOf } from './image-links.js';

describe('sharePageOf', () => {
  it.each([
    ['https://drive.google.com/file/d/1AbCdEf/view?usp=sharing', 'Google Drive'],
    ['https://drive.google.com/open?id=1AbCdEf', 'Google Drive'],
    ['https://photos.app.goo.gl/x7YzAbC', 'Google Photos'],
    ['https://photos.google.com/share/AF1Qip', 'Google Photos'],
    ['https://www.dropbox.com/s/abc123/beach.jpg?dl=0', 'Dropbox'],
    ['https://www.dropbox.com/scl/fi/abc/beach.jpg?rlkey=x&dl=0', 'Dropbox'],
    ['https://www.instagram.com/p/C1xYz/', 'Instagram'],
    ['https://www.flickr.com/photos/someone/5123456789', 'Flickr'],
    ['https://flic.kr/p/2abcD', 'Flickr'],
    ['https://imgur.com/aBc123', 'Imgur'],
    ['https://imgur.com/a/aBc123', 'Imgur'],
    ['https://www.icloud.com/photos/#0abc', 'iCloud'],
    ['https://1drv.ms/i/s!AbC', 'OneDrive'],
    ['HTTPS://Drive.Google.com/file/d/1/view', 'Google Drive'],
    ['  https://www.instagram.com/p/C1xYz/  ', 'Instagram'],
    ['https:drive.google.com/file/d/1/view', 'Google Drive'],
  ])('%s is a %s page', (url, service) => {
    expect(sharePageOf(url)).toEqual({ service });
  });

  it.each([
    'https://example.com/me.jpg',
    'https://i.imgur.com/aBc123.jpg',
    'https://imgur.com/aBc123.png',
    'https://www.dropbox.com/s/abc123/beach.jpg?raw=1',
    'https://drive.google.com/uc?export=view&id=1AbCdEf',
    'https://live.staticflickr.com/65535/5123_abc_b.jpg',
    'https://www.instagram.com/someone/',
    'https://evil.com/drive.google.com/file/d/1/view',
    'https://drive.google.com.evil.com/file/d/1/view',
    '/templates/art/portrait.svg',
    'upload:' + 'a'.repeat(64) + ':800x600',
    'not a url',
    '',
  ])('%s is not a share page', (url) => {
    expect(sharePageOf(url)).toBeUndefined();
  });

  it('names the service and says what to do instead', () => {
    const hint = sharePageHint({ service: 'Google Drive' });
    expect(hint).toContain('Google Drive page, not an image file');
    expect(hint).toContain('Upload the photo');
  });

  it('answers quickly for a long hostile address (no backtracking)', () => {
    const long = 'https://imgur.com/' + 'a'.repeat(2000) + '.';
    expect(sharePageOf(long)).toEqual({ service: 'Imgur' });
  });
});
