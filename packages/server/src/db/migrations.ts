/** One schema change, applied once, in `id` order, inside a transaction. */
export interface Migration {
  /** Position; never reused or renumbered once released. */
  id: number
  name: string
  /** Plain PostgreSQL, the same for PGlite and a PostgreSQL server. */
  sql: string
}

/**
 * The schema, as numbered migrations. Append new ones; never edit a released one (databases in
 * the field have already run it).
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: 'initial schema',
    sql: `
      CREATE TABLE meta (
        key text PRIMARY KEY,
        value text NOT NULL
      );

      -- The wallet directory. position is the catalogue's featured / most-used order.
      CREATE TABLE wallets (
        id text PRIMARY KEY,
        position integer NOT NULL UNIQUE,
        name text NOT NULL,
        image_id text NOT NULL UNIQUE,
        rdns text,
        chains text[] NOT NULL DEFAULT '{}',
        mobile_link text,
        desktop_link text,
        webapp_link text,
        homepage text,
        badge_type text
      );
      CREATE INDEX wallets_lower_name ON wallets (lower(name));

      CREATE TABLE identities (
        address text PRIMARY KEY, -- lower-case 0x address
        name text,
        avatar text
      );

      CREATE TABLE analytics_events (
        id bigserial PRIMARY KEY,
        project_id text NOT NULL,
        event_id text NOT NULL,
        event text NOT NULL,
        type text,
        address text,
        url text NOT NULL,
        domain text NOT NULL,
        client_timestamp bigint NOT NULL,
        sdk_type text NOT NULL,
        sdk_version text NOT NULL,
        props jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        -- A client that retries a POST must not store the event twice.
        UNIQUE (project_id, event_id)
      );
      CREATE INDEX analytics_events_project_event ON analytics_events (project_id, event, id DESC);

      CREATE TABLE request_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL,
        method text NOT NULL,
        path text NOT NULL,
        status integer NOT NULL,
        ms real NOT NULL,
        project_id text
      );
      CREATE INDEX request_log_at ON request_log (at);
    `
  },
  {
    id: 2,
    name: 'relay messages',
    sql: `
      -- What the WalletConnect relay keeps for subscribers that are not connected yet: each
      -- published message until its TTL. publisher is the sender's client id, so a client is
      -- never handed back its own message; hash (topic + message) stops a retried publish from
      -- being stored and delivered twice.
      CREATE TABLE relay_messages (
        id bigserial PRIMARY KEY,
        topic text NOT NULL,
        message text NOT NULL,
        tag integer NOT NULL,
        publisher text NOT NULL,
        published_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        hash text NOT NULL UNIQUE
      );
      CREATE INDEX relay_messages_topic ON relay_messages (topic, id);
      CREATE INDEX relay_messages_expires_at ON relay_messages (expires_at);
    `
  }
]
