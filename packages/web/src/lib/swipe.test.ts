import { describe, expect, it } from 'vitest';
import { swipeDirection } from './swipe';

describe('horizontal swipe detection', () => {
  it('needs 60 px of horizontal travel', () => {
    expect(swipeDirection(59, 0)).toBeUndefined();
    expect(swipeDirection(60, 0)).toBe('right');
    expect(swipeDirection(-60, 0)).toBe('left');
  });

  it('ignores movements that are not clearly horizontal, such as scrolling', () => {
    expect(swipeDirection(100, 51)).toBeUndefined();
    expect(swipeDirection(100, 50)).toBe('right');
    expect(swipeDirection(-100, -80)).toBeUndefined();
    expect(swipeDirection(0, 300)).toBeUndefined();
  });
});
