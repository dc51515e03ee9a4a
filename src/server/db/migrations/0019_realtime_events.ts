/**
 * The realtime feed's source of truth (src/server/realtime/events.ts): every change to orders, trades,
 * accounts, deposits, withdrawals, adjustments, crypto settings and the document labels that make the
 * pending-applications queue sends NOTIFY steward_events — which PostgreSQL delivers only when the
 * transaction commits, in commit order, to every node listening, and never for a rollback. So the feed
 * says only what the database holds, whichever node, code path or hand-run SQL made the change.
 *
 * One notification per changed row, a small JSON object (decimals as strings without trailing zeros, as
 * the admin API writes them): `t` the kind, `x` the writing transaction's id
 * (a node that builds an order book from a snapshot skips the changes its snapshot already holds), and
 * the fields the streams need. An order carries `d`, what the change did to the open volume at its price
 * (remaining volume while waiting, else 0; new minus old): deltas add up to the book whatever order
 * concurrent transactions commit in. Rows whose streams need the admin entity (deposits, withdrawals,
 * adjustments, crypto settings) carry only their id and state; the feed reads the entity once per event.
 *
 * orders_book_idx: the open orders of a market by side and price (the matcher and the snapshot).
 *
 * Statement-level triggers with transition tables: a bulk statement costs one trigger call. A bulk load
 * (the trading history seed) turns the feed off for its transaction with SET LOCAL steward.events = 'off'.
 */
export const up = `
-- The book of a market, side by side in price order: the matcher's best resting orders and the feed's
-- snapshot walk it instead of sorting a market's open orders.
CREATE INDEX orders_book_idx ON orders (market_id, side, price, id) WHERE state = 'wait';

CREATE FUNCTION steward_events_on() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT current_setting('steward.events', true) IS DISTINCT FROM 'off'
$$;

-- The open volume an order puts on the book: its remaining volume while it waits, else nothing.
CREATE FUNCTION steward_open_volume(state text, remaining numeric) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN state = 'wait' THEN remaining ELSE 0 END
$$;

CREATE FUNCTION steward_order_event(n orders, d numeric) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    't', 'order', 'x', pg_current_xact_id()::text, 'id', n.id, 'market_id', n.market_id, 'member_id', n.member_id,
    'side', n.side, 'ord_type', n.ord_type, 'price', trim_scale(n.price)::text, 'avg_price', trim_scale(n.avg_price)::text, 'state', n.state,
    'origin_volume', trim_scale(n.origin_volume)::text, 'remaining_volume', trim_scale(n.remaining_volume)::text, 'trades_count', n.trades_count,
    'created_at', floor(extract(epoch FROM n.created_at))::bigint, 'updated_at', floor(extract(epoch FROM n.updated_at))::bigint,
    'd', trim_scale(d)::text)::text
$$;

CREATE FUNCTION steward_events_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT steward_events_on() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('steward_events', steward_order_event(n, steward_open_volume(n.state, n.remaining_volume))) FROM fresh n;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('steward_events', steward_order_event(n,
      steward_open_volume(n.state, n.remaining_volume) - steward_open_volume(o.state, o.remaining_volume)))
    FROM fresh n JOIN gone o ON o.id = n.id;
  ELSE
    -- A deleted order (never by the API; a test's cleanup) leaves the book too.
    PERFORM pg_notify('steward_events', steward_order_event(o, -steward_open_volume(o.state, o.remaining_volume)))
    FROM gone o WHERE o.state = 'wait';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER orders_events_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION steward_events_orders();
CREATE TRIGGER orders_events_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS gone NEW TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION steward_events_orders();
CREATE TRIGGER orders_events_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION steward_events_orders();

CREATE FUNCTION steward_events_trades() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT steward_events_on() THEN RETURN NULL; END IF;
  PERFORM pg_notify('steward_events', json_build_object(
    't', 'trade', 'x', pg_current_xact_id()::text, 'id', n.id, 'market_id', n.market_id, 'price', trim_scale(n.price)::text,
    'amount', trim_scale(n.amount)::text, 'total', trim_scale(n.total)::text, 'maker_order_id', n.maker_order_id, 'taker_order_id', n.taker_order_id,
    'maker_id', n.maker_id, 'taker_id', n.taker_id, 'taker_type', n.taker_type,
    'created_at', floor(extract(epoch FROM n.created_at))::bigint)::text)
  FROM fresh n;
  RETURN NULL;
END $$;
CREATE TRIGGER trades_events_inserted AFTER INSERT ON trades REFERENCING NEW TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION steward_events_trades();

CREATE FUNCTION steward_balance_event(n accounts) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_object('t', 'balance', 'member_id', n.user_id, 'currency', n.currency_id,
    'balance', trim_scale(n.balance)::text, 'locked', trim_scale(n.locked)::text)::text
$$;
CREATE FUNCTION steward_events_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT steward_events_on() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('steward_events', steward_balance_event(n)) FROM fresh n;
  ELSE
    PERFORM pg_notify('steward_events', steward_balance_event(n)) FROM fresh n JOIN gone o ON o.id = n.id
    WHERE (o.balance, o.locked) IS DISTINCT FROM (n.balance, n.locked);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER accounts_events_inserted AFTER INSERT ON accounts REFERENCING NEW TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION steward_events_accounts();
CREATE TRIGGER accounts_events_updated AFTER UPDATE ON accounts REFERENCING OLD TABLE AS gone NEW TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION steward_events_accounts();

-- Deposits, withdrawals, adjustments, crypto settings: the id (the feed reads the entity) and the state.
CREATE FUNCTION steward_events_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT steward_events_on() THEN RETURN NULL; END IF;
  PERFORM pg_notify('steward_events', json_build_object('t', TG_ARGV[0], 'id', n.id, 'state', n.state)::text)
  FROM (SELECT id, to_jsonb(f) ->> TG_ARGV[1] AS state FROM fresh f) n;
  RETURN NULL;
END $$;
CREATE TRIGGER deposits_events_inserted AFTER INSERT ON deposits REFERENCING NEW TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION steward_events_rows('deposit', 'state');
CREATE TRIGGER deposits_events_updated AFTER UPDATE ON deposits REFERENCING NEW TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION steward_events_rows('deposit', 'state');
CREATE TRIGGER withdraws_events_inserted AFTER INSERT ON withdraws REFERENCING NEW TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION steward_events_rows('withdraw', 'state');
CREATE TRIGGER withdraws_events_updated AFTER UPDATE ON withdraws REFERENCING NEW TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION steward_events_rows('withdraw', 'state');
CREATE TRIGGER adjustments_events_inserted AFTER INSERT ON adjustments REFERENCING NEW TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION steward_events_rows('adjustment', 'state');
CREATE TRIGGER adjustments_events_updated AFTER UPDATE ON adjustments REFERENCING NEW TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION steward_events_rows('adjustment', 'state');
CREATE TRIGGER crypto_settings_events_inserted AFTER INSERT ON crypto_settings REFERENCING NEW TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION steward_events_rows('crypto_setting', 'status');
CREATE TRIGGER crypto_settings_events_updated AFTER UPDATE ON crypto_settings REFERENCING NEW TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION steward_events_rows('crypto_setting', 'status');

-- The pending-applications queue is made of document labels: its count may have changed.
CREATE FUNCTION steward_events_labels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT steward_events_on() THEN RETURN NULL; END IF;
  IF EXISTS (SELECT 1 FROM fresh WHERE key = 'document') THEN PERFORM pg_notify('steward_events', '{"t":"application"}'); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER labels_events_inserted AFTER INSERT ON labels REFERENCING NEW TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION steward_events_labels();
CREATE TRIGGER labels_events_updated AFTER UPDATE ON labels REFERENCING NEW TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION steward_events_labels();
CREATE TRIGGER labels_events_deleted AFTER DELETE ON labels REFERENCING OLD TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION steward_events_labels();
`;
