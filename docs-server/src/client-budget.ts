import ipaddr from 'ipaddr.js';
import { LRUCache } from 'lru-cache';
import { TokenBucket } from './rate-limit.js';

/**
 * What one client may do, across all its connections: a reconnect does not reset it. Clients are told apart
 * by address (the address the trusted proxy reports, see clientAddress in server.ts); an IPv6 client is its
 * /64, the block one subscriber usually gets, so that walking through its own addresses gains nothing.
 *
 * Memory stays bounded: a client's buckets are forgotten once they would have refilled completely (a new
 * entry is then identical), and at most `maxClients` are kept, least recently seen dropped first.
 */

export interface Rate {
  burst: number;
  perMinute: number;
}

export interface BudgetLimits {
  /** Query and feedback frames. */
  questions: Rate;
  /** Websocket connection attempts. */
  connections: Rate;
  /** Frames answered with bad_request or too_long: cheap, but not free without limit. */
  badFrames: Rate;
  maxClients: number;
}

export interface ClientBudget {
  questions: TokenBucket;
  connections: TokenBucket;
  badFrames: TokenBucket;
}

/** The key of a client address: IPv4 (also when IPv4-mapped) as is, IPv6 as its /64; anything else verbatim. */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

export class ClientBudgets {
  private readonly clients: LRUCache<string, ClientBudget>;

  constructor(
    private readonly limits: BudgetLimits,
    private readonly now: () => number = () => performance.now(),
  ) {
    const rates = [limits.questions, limits.connections, limits.badFrames];
    this.clients = new LRUCache<string, ClientBudget>({
      max: limits.maxClients,
      ttl: Math.max(...rates.map((r) => TokenBucket.refillMs(r.burst, r.perMinute))),
      updateAgeOnGet: true,
      ttlResolution: 0, // read the clock on every check (no cached time)
      perf: { now },
    });
  }

  /** The budget of the client with this key (see clientKey), created full on first sight. */
  get(key: string): ClientBudget {
    let budget = this.clients.get(key);
    if (!budget) {
      const bucket = ({ burst, perMinute }: Rate) => new TokenBucket(burst, perMinute, this.now);
      budget = {
        questions: bucket(this.limits.questions),
        connections: bucket(this.limits.connections),
        badFrames: bucket(this.limits.badFrames),
      };
      this.clients.set(key, budget);
    }
    return budget;
  }

  /** Clients remembered now (expired ones are dropped first). */
  get size(): number {
    this.clients.purgeStale();
    return this.clients.size;
  }
}
