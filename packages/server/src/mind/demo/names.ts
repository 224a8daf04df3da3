import { DAY } from '../../platform/time.ts';
/**
 * A deterministic source of demo people: the same seed gives the same district on every
 * installation, so that the README's walk-through and a bug report name the same students.
 */
export class DemoRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** mulberry32: tiny, fast and good enough to spread names, not for secrets. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)] as T;
  }

  /** Early entries come up more often: surnames are listed from the most common down. */
  pickSkewed<T>(list: readonly T[]): T {
    const r = this.next();
    return list[Math.floor(r * r * list.length)] as T;
  }
}

const SURNAMES = [
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈',
  ...'姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤',
  '欧阳',
  '司马',
];
const BOY = [...'浩宇轩然子博文杰俊豪睿泽晨阳明哲思远一鸣嘉乐天佑志强伟宏涛鑫磊航彬凯瑞霖昊辰铭锦程逸安'];
const GIRL = [...'欣怡梓涵诗雨佳琪可馨语嫣若曦雅静思彤晓婷梦瑶萱桐悦然婉清芷妍蕊琳颖月心艺玥岚菲'];

export type Gender = 'male' | 'female';

export function surname(rng: DemoRandom): string {
  return rng.pickSkewed(SURNAMES);
}

/** A given name of one or (mostly) two characters, in the style of the gender. */
export function givenName(rng: DemoRandom, gender: Gender): string {
  const chars = gender === 'male' ? BOY : GIRL;
  const first = rng.pick(chars);
  if (rng.next() < 0.25) return first;
  let second = rng.pick(chars);
  while (second === first) second = rng.pick(chars);
  return `${first}${second}`;
}

export function personName(rng: DemoRandom, gender: Gender, family = surname(rng)): string {
  return `${family}${givenName(rng, gender)}`;
}

/** The prefixes of the three mainland carriers, as a phone form accepts them (`1[3-9]` and nine digits). */
const PHONE_PREFIXES = [
  '138',
  '139',
  '137',
  '136',
  '135',
  '150',
  '151',
  '152',
  '158',
  '186',
  '187',
  '188',
  '133',
  '189',
];

/**
 * The `n`th demo phone number: distinct for every `n` below 10^8 (7919 is prime to 10^8, so the
 * multiplication only shuffles the eight digits), yet not a visible counter.
 */
export function phoneNumber(n: number): string {
  const prefix = PHONE_PREFIXES[n % PHONE_PREFIXES.length] as string;
  return `${prefix}${String((n * 7919 + 1_234_567) % 100_000_000).padStart(8, '0')}`;
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/**
 * A resident identity card number (GB 11643): region, birth date, a sequence whose last digit is
 * odd for a man and even for a woman, and the check character. `seq` tells apart people born on
 * the same day in the same region.
 */
export function idCardNumber(region: string, birthday: string, seq: number, gender: Gender): string {
  const order = (seq % 500) * 2 + (gender === 'male' ? 1 : 0);
  const body = `${region}${birthday.replaceAll('-', '')}${String(order).padStart(3, '0')}`;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(body[i]), 0);
  return `${body}${ID_CHECK[sum % 11]}`;
}

/** A date `YYYY-MM-DD` between two dates (inclusive), as a calendar date. */
export function dateBetween(rng: DemoRandom, from: string, to: string): string {
  const start = Date.parse(`${from}T00:00:00Z`);
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - start) / DAY);
  return new Date(start + rng.int(0, days) * DAY).toISOString().slice(0, 10);
}
