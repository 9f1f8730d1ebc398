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
  },
  {
    id: 3,
    name: 'chain activity',
    sql: `
      -- What the history indexer found on each eip155 chain, for /v1/account/{account}/history.
      -- One row per transaction with log_index -1 (sender, recipient, native value, nonce,
      -- status: so calls that moved nothing and failed transactions are listed too), plus one per
      -- ERC20 Transfer log. Addresses are lower-case; token_address NULL means the native coin.
      -- symbol, name and decimals are copied in because tokens outside the configuration are
      -- only read from their contract once.
      CREATE TABLE chain_activity (
        chain_id text NOT NULL,
        block_number bigint NOT NULL,
        tx_index integer NOT NULL,
        log_index integer NOT NULL,
        tx_hash text NOT NULL,
        mined_at timestamptz NOT NULL,
        nonce bigint NOT NULL,
        from_address text NOT NULL,
        to_address text,
        token_address text,
        symbol text NOT NULL,
        name text NOT NULL,
        decimals integer NOT NULL,
        amount numeric(78, 0) NOT NULL,
        status text NOT NULL CHECK (status IN ('confirmed', 'failed')),
        PRIMARY KEY (chain_id, tx_hash, log_index)
      );
      CREATE INDEX chain_activity_from ON chain_activity (from_address, chain_id, block_number DESC, tx_index DESC);
      CREATE INDEX chain_activity_to ON chain_activity (to_address, chain_id, block_number DESC, tx_index DESC);

      -- The last block indexed per chain; its hash tells a restarted devnet (same numbers, other
      -- blocks) from the chain that was indexed.
      CREATE TABLE indexer_progress (
        chain_id text PRIMARY KEY,
        block_number bigint NOT NULL,
        block_hash text NOT NULL
      );
    `
  },
  {
    id: 4,
    name: 'sign-in sessions',
    sql: `
      -- Sign-in (SIWX) nonces: issued per project, spent once (used_at), refused after
      -- expires_at. Kept a while after expiry so late attempts hear why; then deleted.
      CREATE TABLE siwx_nonces (
        nonce text PRIMARY KEY,
        project_id text NOT NULL,
        issued_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX siwx_nonces_expires_at ON siwx_nonces (expires_at);

      -- Sessions opened by a verified sign-in message. address is as signed, address_key the
      -- lookup form (lower-case 0x addresses, base58 as is). The signature doubles as the
      -- revocation secret, so it is never listed. A nonce opens one session only, even if the
      -- nonce table were cleaned early.
      CREATE TABLE siwx_sessions (
        id text PRIMARY KEY,
        project_id text NOT NULL,
        address text NOT NULL,
        address_key text NOT NULL,
        chain_id text NOT NULL,
        domain text NOT NULL,
        uri text NOT NULL,
        nonce text NOT NULL,
        issued_at timestamptz NOT NULL,
        expiration_time timestamptz,
        message text NOT NULL,
        signature text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        revoked_at timestamptz,
        UNIQUE (project_id, nonce)
      );
      CREATE INDEX siwx_sessions_address ON siwx_sessions (project_id, address_key, created_at DESC);
    `
  },
  {
    id: 5,
    name: 'ended sign-in sessions',
    sql: `
      -- Every sign-in deletes sessions that ended (revoked, or expired) long ago: these partial
      -- indexes keep that from reading the whole table. address_key is now also lower-case for
      -- bech32 Bitcoin addresses (BIP-173 allows either case); no row needs rewriting, as no
      -- Bitcoin session could be stored before.
      CREATE INDEX siwx_sessions_revoked_at ON siwx_sessions (revoked_at) WHERE revoked_at IS NOT NULL;
      CREATE INDEX siwx_sessions_expiration_time ON siwx_sessions (expiration_time) WHERE expiration_time IS NOT NULL;
    `
  },
  {
    id: 6,
    name: 'rate limit counters',
    sql: `
      -- Request counters of the rate limits when several server processes share this database
      -- (one process on the embedded database counts in memory). window_start is in ms since
      -- 1970, aligned to the window, so every process counts into the same row.
      CREATE TABLE rate_limits (
        key text NOT NULL,
        window_start bigint NOT NULL,
        hits integer NOT NULL,
        PRIMARY KEY (key, window_start)
      );
      CREATE INDEX rate_limits_window_start ON rate_limits (window_start);
    `
  },
  {
    id: 7,
    name: 'retention indexes',
    sql: `
      -- The retention job deletes by age: these keep it from reading whole tables.
      CREATE INDEX analytics_events_received_at ON analytics_events (received_at);
      CREATE INDEX relay_messages_published_at ON relay_messages (published_at);
    `
  },
  {
    id: 8,
    name: 'relay storage per project',
    sql: `
      -- Each relay message records the project whose socket published it and its size, so the
      -- relay can bound stored bytes per topic, per project and in all without reading the text.
      ALTER TABLE relay_messages ADD COLUMN project_id text;
      ALTER TABLE relay_messages ADD COLUMN bytes integer NOT NULL DEFAULT 0;
      UPDATE relay_messages SET bytes = octet_length(message);
    `
  },
  {
    id: 9,
    name: 'session tokens',
    sql: `
      -- A sign-in session is a credential: the server hands its holder an opaque token once and
      -- keeps only its SHA-256 (a copy of the table lets nobody act as a visitor). token_expires_at
      -- is the earlier of the message's expiry and the configured longest lifetime. Sessions from
      -- before this migration have no token: their holders sign in again.
      ALTER TABLE siwx_sessions ADD COLUMN token_hash text;
      ALTER TABLE siwx_sessions ADD COLUMN token_expires_at timestamptz;
      CREATE UNIQUE INDEX siwx_sessions_token_hash ON siwx_sessions (token_hash) WHERE token_hash IS NOT NULL;
    `
  },
  {
    id: 10,
    name: 'embedded wallet',
    sql: `
      -- The embedded (e-mail) wallet of the secure site. A user is keyed by their e-mail address
      -- (lower-case); their keys are sealed by KeyVault (AES-256-GCM under the operator's KEK,
      -- bound to the user and namespace): no column holds a plaintext key.
      CREATE TABLE embedded_users (
        id text PRIMARY KEY,
        email text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE embedded_keys (
        user_id text NOT NULL REFERENCES embedded_users (id) ON DELETE CASCADE,
        namespace text NOT NULL,
        address text NOT NULL,
        sealed_key text NOT NULL,
        PRIMARY KEY (user_id, namespace)
      );
      -- One-time codes: only an HMAC of the code is kept; a code dies after its expiry or its
      -- last allowed wrong try. purpose: login, update-primary, update-secondary.
      CREATE TABLE embedded_otps (
        email text NOT NULL,
        purpose text NOT NULL,
        code_hash text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        sent_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        new_email text,
        PRIMARY KEY (email, purpose)
      );
      -- Devices (a random id the secure site keeps in its own storage) a user approved; a new
      -- one is approved from a link e-mailed to the address (approval_hash is that link's token).
      CREATE TABLE embedded_devices (
        email text NOT NULL,
        device_hash text NOT NULL,
        approved_at timestamptz,
        approval_hash text,
        approval_expires_at timestamptz,
        PRIMARY KEY (email, device_hash)
      );
      -- Sessions of the secure frame: the token lives only in the secure origin's storage; the
      -- server keeps its SHA-256. Signing out deletes the row.
      CREATE TABLE embedded_sessions (
        token_hash text PRIMARY KEY,
        user_id text NOT NULL REFERENCES embedded_users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX embedded_sessions_expires_at ON embedded_sessions (expires_at);
      CREATE INDEX embedded_otps_expires_at ON embedded_otps (expires_at);
    `
  },
  {
    id: 11,
    name: 'embedded wallet social logins',
    sql: `
      -- Social logins (google, github, apple, facebook, x, discord). A social user has no login
      -- e-mail: they are found by their identity, keyed by provider and subject (never by a name
      -- or an e-mail the provider reports, which can change or be reused).
      ALTER TABLE embedded_users ALTER COLUMN email DROP NOT NULL;
      CREATE TABLE embedded_identities (
        provider text NOT NULL,
        subject text NOT NULL,
        user_id text NOT NULL UNIQUE REFERENCES embedded_users (id) ON DELETE CASCADE,
        username text,
        email text,
        PRIMARY KEY (provider, subject)
      );
      -- A social login in progress (10 minutes): the PKCE verifier and nonce of its authorization
      -- request, found again by the SHA-256 of its state; the origin of the page that asked (the
      -- result goes to it only); the SHA-256 of a secret only the asking secure frame holds
      -- (binding), and of the one-time result code the popup hands back once the provider said who
      -- the person is.
      CREATE TABLE embedded_social_logins (
        id text PRIMARY KEY,
        provider text NOT NULL,
        state_hash text NOT NULL UNIQUE,
        code_verifier text,
        nonce text,
        origin text NOT NULL,
        project_id text NOT NULL,
        binding_hash text NOT NULL,
        result_hash text,
        user_id text REFERENCES embedded_users (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX embedded_social_logins_expires_at ON embedded_social_logins (expires_at);
    `
  },
  {
    id: 12,
    name: 'on-ramp purchases',
    sql: `
      -- Purchases an on-ramp provider reported (a signed webhook): the transaction that paid the
      -- crypto out, so the activity feed marks it as bought and \`onramp={provider}\` lists it.
      CREATE TABLE onramp_purchases (
        provider text NOT NULL,
        chain_id text NOT NULL,
        tx_hash text NOT NULL,
        address text NOT NULL,
        asset text NOT NULL,
        amount text NOT NULL,
        fiat_amount text NOT NULL,
        fiat_currency text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (chain_id, tx_hash)
      );
      CREATE INDEX onramp_purchases_address ON onramp_purchases (provider, lower(address), created_at DESC);
    `
  },
  {
    id: 13,
    name: 'account names',
    sql: `
      -- The name service (spec §7): a name's own part (lower case, without the operator's suffix,
      -- so the legacy suffix finds it too), the address it points to, the coin type it was signed
      -- for, and the signed message kept as proof. A signed message is used once (no replay).
      CREATE TABLE account_names (
        label text PRIMARY KEY,
        address text NOT NULL,
        coin_type bigint NOT NULL,
        -- A key signed (the address is the signer's on every EVM chain), not a contract account.
        every_chain boolean NOT NULL,
        attributes jsonb NOT NULL DEFAULT '{}',
        message text NOT NULL,
        message_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX account_names_address ON account_names (lower(address), created_at);
    `
  },
  {
    id: 14,
    name: 'user operations',
    sql: `
      -- The bundler's submitted ERC-4337 user operations: what eth_getUserOperationByHash and
      -- eth_getUserOperationReceipt look up (the receipt itself is read from the chain), and what
      -- the per-sender limit counts.
      CREATE TABLE user_operations (
        chain_id text NOT NULL,
        user_op_hash text NOT NULL,
        entry_point text NOT NULL,
        sender text NOT NULL,
        nonce text NOT NULL,
        operation jsonb NOT NULL,
        tx_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (chain_id, user_op_hash)
      );
      CREATE INDEX user_operations_sender ON user_operations (chain_id, lower(sender), created_at DESC);
    `
  },
  {
    id: 15,
    name: 'bundler clients and paymaster budget',
    sql: `
      -- Who sent each user operation (the HTTP client's key), for the bundler's per-client limit,
      -- and the lookup of operations of one sender and nonce (the pending-nonce check).
      ALTER TABLE user_operations ADD COLUMN client_key text;
      CREATE INDEX user_operations_client ON user_operations (chain_id, client_key, created_at DESC);
      CREATE INDEX user_operations_nonce ON user_operations (chain_id, lower(sender), nonce);
      -- Each sponsorship the paymaster signed, with the most gas it may pay: its budgets per user
      -- (embedded account, or sender), per client and per day count these rows.
      CREATE TABLE paymaster_sponsorships (
        chain_id text NOT NULL,
        paymaster text NOT NULL,
        user_key text NOT NULL,
        client_key text NOT NULL,
        sender text NOT NULL,
        gas bigint NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX paymaster_sponsorships_day ON paymaster_sponsorships (chain_id, paymaster, created_at);
      CREATE INDEX paymaster_sponsorships_user ON paymaster_sponsorships (chain_id, paymaster, user_key, created_at);
      CREATE INDEX paymaster_sponsorships_client ON paymaster_sponsorships (chain_id, paymaster, client_key, created_at);
    `
  },
  {
    id: 16,
    name: 'embedded wallet code budget and project sessions',
    sql: `
      -- Wrong one-time codes per address (all purposes), counted over a rolling day apart from the
      -- code itself, so asking for a new code does not give an attacker new guesses.
      CREATE TABLE embedded_otp_failures (
        email text NOT NULL,
        failed_at timestamptz NOT NULL
      );
      CREATE INDEX embedded_otp_failures_email ON embedded_otp_failures (email, failed_at);
      CREATE INDEX embedded_otp_failures_failed_at ON embedded_otp_failures (failed_at);
      -- The last device-approval e-mail to each address (one per cooldown).
      CREATE TABLE embedded_device_mails (
        email text PRIMARY KEY,
        sent_at timestamptz NOT NULL
      );
      -- A session belongs to the project whose frame made it, and ends when unused for a while
      -- (idle_expires_at, moved on use) or at expires_at, whichever comes first. Older sessions
      -- belong to no project: they end here (their people log in again).
      DELETE FROM embedded_sessions;
      ALTER TABLE embedded_sessions ADD COLUMN project_id text NOT NULL;
      ALTER TABLE embedded_sessions ADD COLUMN idle_expires_at timestamptz NOT NULL;
      CREATE INDEX embedded_sessions_user_id ON embedded_sessions (user_id);
    `
  },
  {
    id: 17,
    name: 'relay storage per client',
    sql: `
      -- The address (clientKey) of the socket that published each relay message: each address has
      -- a quota inside its project's share, kept by evicting that address's own oldest messages, so
      -- one client can fill no more than its quota and never refuse another's publish. Older rows
      -- have none and count toward their project only.
      ALTER TABLE relay_messages ADD COLUMN quota_key text;
      CREATE INDEX relay_messages_quota ON relay_messages (project_id, quota_key, id);
    `
  },
  {
    id: 18,
    name: 'synced wallet registry',
    sql: `
      -- The public wallet registry as last synced (\`wallet-modal-server wallets sync\`): served instead
      -- of the catalogue's \`wallets\` table once a sync has succeeded. The columns are those the
      -- directory queries; \`wallet\` is the whole normalised entry and \`hash\` its SHA-256, so a
      -- sync rewrites (and moves updated_at of) changed wallets only. position is the registry's
      -- order, rewritten on each sync without counting as a change.
      CREATE TABLE registry_wallets (
        id text PRIMARY KEY,
        position integer NOT NULL,
        name text NOT NULL,
        image_id text NOT NULL,
        rdns text,
        chains text[] NOT NULL DEFAULT '{}',
        mobile_link text,
        desktop_link text,
        webapp_link text,
        homepage text,
        badge_type text,
        wallet jsonb NOT NULL,
        hash text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX registry_wallets_position ON registry_wallets (position);
      CREATE INDEX registry_wallets_image_id ON registry_wallets (image_id);
      CREATE INDEX registry_wallets_lower_name ON registry_wallets (lower(name));
      -- Their images, fetched once per image_id and served from here: visitors never call the registry.
      CREATE TABLE registry_images (
        image_id text PRIMARY KEY,
        content_type text NOT NULL,
        bytes bytea NOT NULL,
        hash text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      -- One row: where the registry came from, the last success and the last failure. A failed
      -- sync changes nothing else.
      CREATE TABLE registry_sync (
        id integer PRIMARY KEY CHECK (id = 1),
        source_url text,
        wallet_count integer NOT NULL DEFAULT 0,
        last_success_at timestamptz,
        last_attempt_at timestamptz,
        last_error text,
        last_error_at timestamptz
      );
    `
  },
  {
    id: 19,
    name: 'token lists',
    sql: `
      -- The token lists named in \`tokenLists.urls\`, as last fetched and checked (tokenLists/TokenLists.ts):
      -- the balance answer reads the tokens of the last good copy, which a failed fetch leaves in
      -- place. One row per list URL; last_error says why the newest fetch failed.
      CREATE TABLE token_lists (
        url text PRIMARY KEY,
        list jsonb,
        fetched_at timestamptz,
        last_attempt_at timestamptz,
        last_error text,
        last_error_at timestamptz
      );
    `
  }
]
