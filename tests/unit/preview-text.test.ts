import { describe, expect, it } from 'vitest';
import { previewText } from '../../src/services/messages/store';

describe('the chat list preview of a message', () => {
  it('shows text, and a media type with its caption whether it came in (caption) or went out (text), never the file', () => {
    expect(previewText({ type: 'text', message: 'hello' })).toBe('hello');
    expect(previewText({ type: 'media', caption: 'a cat' })).toBe('[media]: a cat');
    expect(previewText({ type: 'media', message: 'data:image/png;base64,AAAA', text: 'Here is the picture' })).toBe(
      '[media]: Here is the picture',
    );
    expect(previewText({ type: 'media', message: 'data:image/png;base64,AAAA' })).toBe('[media]');
    expect(previewText({ type: 'location', latitude: 1, longitude: 2 })).toBe('[location]');
  });
});
