import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';

/**
 * A campus AI box: reports behaviour events (with a snapshot) and heartbeats to Meridian over real
 * HTTP, signed as docs/protocols/campus-events.md says. Written from the document, not from the
 * server's code, so that it checks the document too.
 */
export interface CampusBoxOptions {
  /** The server's origin, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  deviceKey: string;
  secret: string;
  /** The school the box says it is installed at (optional in the protocol). */
  schoolId?: number;
  /** The language of the server's answers (Accept-Language); the server's default otherwise. */
  lang?: string;
  /** The box's clock, for tests of the timestamp window. */
  now?: () => number;
}

export interface CampusBoxEvent {
  type: 'fight' | 'fall' | 'climbing' | 'crowding' | 'loitering' | 'intrusion';
  occurredAt?: number;
  /** Image bytes (jpg or png). */
  snapshot?: Uint8Array;
  /** The idempotency key; a retry sends the same one. */
  eventId?: string;
  /** The students the box identified: by student number, or by the id their face is whitelisted under. */
  students?: Array<{ studentNo: string } | { studentId: number }>;
}

/** The shares of the faces a box saw in a class at one time (they add up to 1). */
export interface CampusBoxEmotionSample {
  classId: number;
  faces: number;
  emotions: { happy: number; calm: number; surprised: number; sad: number; angry: number; fearful: number };
  occurredAt?: number;
  /** The idempotency key; a retry sends the same one. */
  sampleId?: string;
}

/** A "person seen" report: the whitelisted student the camera matched. */
export interface CampusBoxSighting {
  studentId: number;
  seenAt?: number;
  score?: number;
  sightingId?: string;
}

export interface CampusBoxAnswer {
  status: number;
  body: { code: number; message: string; data: unknown };
}

/** One signed request, with a fresh nonce unless the caller replays one. */
export interface SignedRequest {
  path: string;
  body: string;
  headers: Record<string, string>;
}

export class CampusBox {
  private readonly options: CampusBoxOptions;

  constructor(options: CampusBoxOptions) {
    this.options = options;
  }

  /** Signs `body` for `POST path`: HMAC-SHA256 over method, path, timestamp, nonce and the body's SHA-256. */
  sign(path: string, body: string, nonce = randomBytes(16).toString('hex')): SignedRequest {
    const timestamp = String((this.options.now ?? Date.now)());
    const bodyHash = createHash('sha256').update(body).digest('hex');
    const text = ['POST', path, timestamp, nonce, bodyHash].join('\n');
    const signature = createHmac('sha256', this.options.secret).update(text).digest('hex');
    return {
      path,
      body,
      headers: {
        'content-type': 'application/json',
        'x-device-key': this.options.deviceKey,
        'x-timestamp': timestamp,
        'x-nonce': nonce,
        'x-signature': signature,
      },
    };
  }

  /** Sends a signed request as it is (a test may replay or alter one). */
  async send(request: SignedRequest): Promise<CampusBoxAnswer> {
    const res = await fetch(`${this.options.baseUrl}${request.path}`, {
      method: 'POST',
      headers: this.options.lang ? { ...request.headers, 'accept-language': this.options.lang } : request.headers,
      body: request.body,
    });
    return { status: res.status, body: (await res.json()) as CampusBoxAnswer['body'] };
  }

  eventRequest(event: CampusBoxEvent): SignedRequest {
    const body = JSON.stringify({
      ...(this.options.schoolId === undefined ? {} : { schoolId: this.options.schoolId }),
      eventId: event.eventId ?? randomUUID(),
      type: event.type,
      occurredAt: event.occurredAt ?? Date.now(),
      ...(event.snapshot ? { snapshot: Buffer.from(event.snapshot).toString('base64') } : {}),
      ...(event.students ? { students: event.students } : {}),
    });
    return this.sign('/api/apis-psychology/campus/device/event', body);
  }

  /** Reports one event; the answer names the alert it became. */
  report(event: CampusBoxEvent): Promise<CampusBoxAnswer> {
    return this.send(this.eventRequest(event));
  }

  emotionRequest(sample: CampusBoxEmotionSample): SignedRequest {
    const body = JSON.stringify({
      sampleId: sample.sampleId ?? randomUUID(),
      classId: sample.classId,
      occurredAt: sample.occurredAt ?? Date.now(),
      faces: sample.faces,
      emotions: sample.emotions,
    });
    return this.sign('/api/apis-psychology/campus/device/emotion', body);
  }

  /** Reports the emotions of a class: shares of the faces seen, never a single student's. */
  emotion(sample: CampusBoxEmotionSample): Promise<CampusBoxAnswer> {
    return this.send(this.emotionRequest(sample));
  }

  /** Reports that the camera saw a whitelisted student; a retry sends the same sighting id. */
  sighting(seen: CampusBoxSighting): Promise<CampusBoxAnswer> {
    const body = JSON.stringify({
      ...(this.options.schoolId === undefined ? {} : { schoolId: this.options.schoolId }),
      sightingId: seen.sightingId ?? randomUUID(),
      studentId: seen.studentId,
      seenAt: seen.seenAt ?? Date.now(),
      ...(seen.score === undefined ? {} : { score: seen.score }),
    });
    return this.send(this.sign('/api/apis-psychology/campus/device/sighting', body));
  }

  /** Tells the server the box is alive. */
  heartbeat(): Promise<CampusBoxAnswer> {
    return this.send(this.sign('/api/apis-psychology/campus/device/heartbeat', '{}'));
  }
}

/** A 1x1 PNG, the smallest snapshot a box can send. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
