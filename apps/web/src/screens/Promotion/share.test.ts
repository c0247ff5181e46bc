import { describe, expect, it } from 'vitest';
import { isPlayableDay, shanghaiDay, shiftDay } from './days';
import { wrapLines } from './poster';
import { inviteLink, SHARE_TARGETS, shareUrl } from './share';

const LINK = 'https://lobby.example/register?inviteCode=AB12CD';
const MESSAGE = 'Join me & play: code AB12CD';

describe('share targets', () => {
  it('names the six targets of the specification', () => {
    expect(SHARE_TARGETS).toEqual(['telegram', 'whatsapp', 'twitter', 'instagram', 'facebook', 'line']);
  });

  it('builds the registration link from this site and the code', () => {
    expect(inviteLink('https://lobby.example/', 'AB12CD')).toBe(LINK);
    expect(inviteLink('http://192.168.1.5:8080', 'a b')).toBe('http://192.168.1.5:8080/register?inviteCode=a%20b');
  });

  it('opens each target with the message and the link, encoded', () => {
    const url = (target: (typeof SHARE_TARGETS)[number]) => shareUrl(target, MESSAGE, LINK);
    expect(url('telegram')).toBe(`https://t.me/share/url?url=${encodeURIComponent(LINK)}&text=${encodeURIComponent(MESSAGE)}`);
    expect(url('whatsapp')).toBe(`https://wa.me/?text=${encodeURIComponent(`${MESSAGE}\n${LINK}`)}`);
    expect(url('twitter')).toBe(`https://twitter.com/intent/tweet?text=${encodeURIComponent(MESSAGE)}&url=${encodeURIComponent(LINK)}`);
    expect(url('facebook')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(LINK)}`);
    expect(url('line')).toBe(`https://line.me/R/share?text=${encodeURIComponent(`${MESSAGE}\n${LINK}`)}`);
    expect(url('instagram')).toBeNull();
    for (const target of SHARE_TARGETS) expect(url(target) ?? '', target).not.toContain('&play');
  });
});

describe('the poster text', () => {
  const measure = (text: string) => text.length * 10;

  it('wraps spaced scripts between words', () => {
    expect(wrapLines('Play hash games with me', 100, measure)).toEqual(['Play hash', 'games with', 'me']);
  });

  it('wraps Chinese and Thai between characters', () => {
    expect(wrapLines('和我一起玩哈希游戏', 40, measure)).toEqual(['和我一起', '玩哈希游', '戏']);
  });
});

describe('Shanghai days', () => {
  it("turns at midnight in Shanghai, not in the phone's timezone", () => {
    expect(shanghaiDay(new Date('2026-11-23T15:59:59Z'))).toBe('2026-11-23');
    expect(shanghaiDay(new Date('2026-11-23T16:00:00Z'))).toBe('2026-11-24');
  });

  it('steps across months and refuses days that do not exist or are still to come', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(isPlayableDay('2026-02-29', '2026-11-24')).toBe(false);
    expect(isPlayableDay('2026-11-25', '2026-11-24')).toBe(false);
    expect(isPlayableDay('2026-11-24', '2026-11-24')).toBe(true);
  });
});
