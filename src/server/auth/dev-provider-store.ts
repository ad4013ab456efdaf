import { LRUCache } from 'lru-cache';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

/** Expired records are swept out of memory at most this often (by the store's clock). */
const SWEEP_INTERVAL_MS = 60_000;

export interface DevProviderStoreOptions {
  /**
   * Most records held at once. A sign-in leaves about six (interaction, session, grant, code,
   * tokens), so 5,000 serve hundreds of sign-ins in progress; past it the least recently used
   * record is dropped and that sign-in starts again.
   */
  maxRecords?: number;
  /** The clock, in milliseconds. Tests replace it to move time without waiting. */
  now?: () => number;
}

/**
 * The development provider's short-lived records (interactions, codes, grants, sessions) in this
 * process's memory, bounded in number and each kept only until it expires. Every look-up is by
 * key: the uid and grant indexes avoid scanning the records.
 */
export class DevProviderStore {
  private readonly records: LRUCache<string, AdapterPayload>;
  /** `${model}:${uid}` -> record key (sessions and interactions are found by uid). */
  private readonly byUid: LRUCache<string, string>;
  /** Grant id -> keys of the records issued under it. */
  private readonly byGrant: LRUCache<string, Set<string>>;
  private readonly now: () => number;
  private lastSweep: number;

  constructor(options: DevProviderStoreOptions = {}) {
    const max = options.maxRecords ?? 5_000;
    this.now = options.now ?? Date.now;
    this.lastSweep = this.now();
    const perf = { now: this.now };
    this.records = new LRUCache({ max, perf, ttlResolution: 0 });
    this.byUid = new LRUCache({ max, perf, ttlResolution: 0 });
    this.byGrant = new LRUCache({ max, perf, ttlResolution: 0 });
  }

  /** Records held, expired ones included until the next sweep (for tests of the bound). */
  get size(): number {
    return this.records.size;
  }

  adapterFactory(): AdapterFactory {
    return (model: string) => new StoreAdapter(this, model);
  }

  set(model: string, id: string, payload: AdapterPayload, expiresInSeconds: number): void {
    this.sweep();
    const key = `${model}:${id}`;
    const ttl = Math.max(1, expiresInSeconds * 1000);
    this.records.set(key, payload, { ttl });
    if (payload.uid) this.byUid.set(`${model}:${payload.uid}`, key, { ttl });
    if (payload.grantId) {
      const keys = this.byGrant.get(payload.grantId) ?? new Set<string>();
      keys.add(key);
      // A grant outlives the records issued under it, so the longest one sets its lifetime.
      const remaining = this.byGrant.getRemainingTTL(payload.grantId);
      this.byGrant.set(payload.grantId, keys, {
        ttl: Math.max(ttl, Number.isFinite(remaining) ? remaining : 0),
      });
    }
  }

  get(key: string): AdapterPayload | undefined {
    return this.records.get(key);
  }

  keyOfUid(model: string, uid: string): string | undefined {
    return this.byUid.get(`${model}:${uid}`);
  }

  delete(key: string): void {
    this.records.delete(key);
  }

  deleteGrant(grantId: string): void {
    for (const key of this.byGrant.get(grantId) ?? []) this.records.delete(key);
    this.byGrant.delete(grantId);
  }

  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    this.records.purgeStale();
    this.byUid.purgeStale();
    this.byGrant.purgeStale();
  }
}

/** oidc-provider's storage interface over one model (Interaction, Session, Grant …) of the store. */
class StoreAdapter implements Adapter {
  constructor(
    private readonly store: DevProviderStore,
    private readonly model: string,
  ) {}

  private key(id: string) {
    return `${this.model}:${id}`;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    this.store.set(this.model, id, payload, expiresIn);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.store.get(this.key(id));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const key = this.store.keyOfUid(this.model, uid);
    const payload = key === undefined ? undefined : this.store.get(key);
    return payload?.uid === uid ? payload : undefined;
  }

  /** Only the device flow looks records up by user code, and it is not enabled. */
  async findByUserCode(): Promise<AdapterPayload | undefined> {
    return undefined;
  }

  async consume(id: string): Promise<void> {
    const payload = this.store.get(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    this.store.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    this.store.deleteGrant(grantId);
  }
}
