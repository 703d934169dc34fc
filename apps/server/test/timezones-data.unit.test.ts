import { describe, expect, it } from 'vitest';
import { TIMEZONES } from '../src/db/seed/timezones.data.ts';

describe('time zone names', () => {
  it('a Chinese name is Chinese throughout: no English city after the zone name', () => {
    const halfEnglish = TIMEZONES.filter((z) => /[A-Za-z]/.test(z.name_zh.split(' - ').at(-1) ?? ''));
    expect(halfEnglish.map((z) => `${z.code}: ${z.name_zh}`)).toEqual([]);
    expect(TIMEZONES.find((z) => z.code === 'Asia/Shanghai')?.name_zh).toBe(
      '(UTC+08:00) 中国标准时间 - 上海',
    );
  });
});
