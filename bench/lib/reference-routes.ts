// Bench-only reference routes (issue 45): each answers what a real route does with hand-written SQL,
// served by the same server process, so that a case is read as a ratio to its reference of the same run.
// They are signed and signed in like the real routes (the same hooks: signature, session, permission), so
// the ratio compares what the routes do past that: their reads and writes against one statement.
// Never part of the server: bench/lib/serve.ts adds them to the bench's own server only.
// - GET /bench/ref/orders?<the list's filters>: the order list's page — the same fields (the list
//   columns, the creator's name, the lines) — and its total, in ONE statement.
// - GET /bench/ref/products?<the list's filters>: the product list's page and total, in ONE statement.
// - POST /bench/ref/create-pay {productId}: ONE transaction of plain SQL that inserts the order and its
//   line, debits the balance and writes the ledger record.
// - POST /bench/ref/create {productId}, then POST /bench/ref/pay/{id}: the same work in two signed calls
//   of one transaction each, as the portal's create and pay are (what two calls cost, apart from the code).
import { CompiledQuery } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { keywordMatch } from '../../apps/server/src/db/search-grams';
import { textGramsQuery } from '../../apps/server/src/lib/keyword-index';
import { vendorOf } from '../../apps/server/src/plugins/auth';
import { PERM } from '@portal/domain/permissions';

const COLUMNS = `o.id, o.order_no, o.status, o.node, o.parole, o.service_type, o.urgent_flag, o.urgent_type, o.praise_flag, o.return_parts,
  o.real_name, o.phone, o.phone_extension, o.province_id, o.province_name, o.city_id, o.city_name, o.district_id, o.district_name,
  o.detail_address, o.door_time, o.remarks, o.total_fen, o.real_pay_fen, o.pay_time, o.completion_time, o.created_at,
  o.virtual_taking, o.paid_flag, o.marker_type, o.marker_value, o.created_by, o.sla_stage, o.sla_due_at, o.sla_breaches`;
const LINE = (pg: boolean) => pg
  ? `(select coalesce(json_agg(json_build_object('id', p.id, 'product_id', p.product_id, 'category_name', p.category_name, 'model_name', p.model_name,
      'picture', p.picture, 'number', p.number, 'price_fen', p.price_fen, 'guide_price_fen', p.guide_price_fen, 'maintenance_type', p.maintenance_type) order by p.id), '[]')
      from order_products p where p.order_id = o.id)`
  : `(select json_group_array(json_object('id', p.id, 'product_id', p.product_id, 'category_name', p.category_name, 'model_name', p.model_name,
      'picture', p.picture, 'number', p.number, 'price_fen', p.price_fen, 'guide_price_fen', p.guide_price_fen, 'maintenance_type', p.maintenance_type))
      from (select * from order_products where order_id = o.id order by id) p)`;
const CREATOR = `(select coalesce(nullif(u.name, ''), nullif(u.account, ''), nullif(u.phone, ''), '') from users u where u.id = o.created_by)`;
const BOUND = 10_000;

interface ListQuery { vendorId: number; keyWords?: string; status?: string; node?: string; label?: string; minCreateTime?: string; pageNum?: string; pageSize?: string }

/** The list's page and total as one statement, its parameters in order ($n on PostgreSQL, ? on SQLite). */
function listStatement(pg: boolean, q: ListQuery): CompiledQuery {
  const params: unknown[] = [];
  const p = (v: unknown) => (params.push(v), pg ? `$${params.length}` : '?');
  const vendorId = Number(q.vendorId);
  const where: string[] = [];
  const statuses = (q.status ?? '').split(',').filter(Boolean).map(Number);
  const nodes = (q.node ?? '').split(',').filter(Boolean).map(Number);
  const inList = (col: string, vs: number[]) => `${col} in (${vs.map((v) => p(v)).join(', ')})`;
  // SQLite: a keyword drives the read from its FTS5 index (rowid = the list key, newest first).
  const viaIndex = Boolean(q.keyWords) && !pg;
  const from = viaIndex ? 'order_grams g join orders o on o.id = (g.rowid & 4294967295)' : 'orders o';
  const filters = (): string => {
    const w = viaIndex ? [`order_grams match ${p(keywordMatch(vendorId, q.keyWords!))}`, `o.vendor_id = ${p(vendorId)}`] : [`o.vendor_id = ${p(vendorId)}`];
    if (q.keyWords && pg) {
      w.push(`o.id in (select s.order_id from order_search s where order_search_keys(s.vendor_id, s.body) @> ${p(keysOf(vendorId, q.keyWords))}::text[] and s.body ilike ${p(`%${q.keyWords}%`)})`);
    }
    if (statuses.length > 1 && nodes.length) w.push(`(${inList('o.status', statuses)} or ${inList('o.node', nodes)})`);
    else {
      if (statuses.length) w.push(inList('o.status', statuses));
      if (nodes.length) w.push(inList('o.node', nodes));
    }
    if (q.label === '保内') w.push('o.parole = 1');
    if (q.minCreateTime) w.push(`o.created_at >= ${p(new Date(`${q.minCreateTime}T00:00:00+08:00`).toISOString())}`);
    return w.join(' and ');
  };
  // The total: order_counts for statuses and nodes alone, a count bounded for a keyword, else a count.
  let total: string;
  if (!q.keyWords && !q.label && !q.minCreateTime) {
    const c = [`vendor_id = ${p(vendorId)}`];
    if (statuses.length > 1 && nodes.length) c.push(`(${inList('status', statuses)} or ${inList('node', nodes)})`);
    else {
      if (statuses.length) c.push(inList('status', statuses));
      if (nodes.length) c.push(inList('node', nodes));
    }
    total = `(select coalesce(sum(n), 0) from order_counts where ${c.join(' and ')})`;
  } else if (viaIndex && !statuses.length && !nodes.length && !q.label && !q.minCreateTime) {
    total = `(select count(*) from (select 1 from order_grams where order_grams match ${p(keywordMatch(vendorId, q.keyWords!))} limit ${BOUND + 1}) m)`;
  } else if (q.keyWords) total = `(select count(*) from (select 1 from ${from} where ${filters()} limit ${BOUND + 1}) m)`;
  else total = `(select count(*) from orders o where ${filters()})`;
  where.push(filters());
  const size = Number(q.pageSize ?? 50);
  const offset = (Number(q.pageNum ?? 1) - 1) * size;
  const order = viaIndex ? 'g.rowid desc' : 'o.created_at desc, o.id desc';
  const text = `select ${total} as total, page.* from (select ${COLUMNS}, ${CREATOR} as creator_name, ${LINE(pg)} as lines
    from ${from} where ${where.join(' and ')} order by ${order} limit ${p(size)} offset ${p(offset)}) page`;
  return CompiledQuery.raw(text, params);
}

/** PostgreSQL: the keys a keyword asks the orders' GIN index for (every bigram; one or two characters: one key). */
function keysOf(vendorId: number, keyword: string): string[] {
  const chars = Array.from(keyword.toLowerCase());
  if (chars.length <= 2) return [`${vendorId}:${chars.join('')}`];
  return [...new Set(chars.slice(1).map((c, i) => `${vendorId}:${chars[i]}${c}`))];
}

interface ProductQuery { vendorId: number; keywords?: string; categoryId?: string; categoryId2?: string; isCheck?: string; minPrice?: string; maxPrice?: string; pageNum?: string; pageSize?: string }

const PRODUCT_TEXT = (pg: boolean) => `p.model_name || ${pg ? 'chr(31)' : 'char(31)'} || p.category_name || ${pg ? 'chr(31)' : 'char(31)'} || p.category_name_two || ${pg ? 'chr(31)' : 'char(31)'} || p.category_name_one`;

/** The product list's page and total as one statement. */
function productStatement(pg: boolean, q: ProductQuery): CompiledQuery {
  const params: unknown[] = [];
  const p = (v: unknown) => (params.push(v), pg ? `$${params.length}` : '?');
  const vendorId = Number(q.vendorId);
  const viaIndex = Boolean(q.keywords) && !pg;
  const from = viaIndex ? 'product_grams g join products p on p.id = (g.rowid & 4294967295)' : 'products p';
  const filters = () => {
    const w = viaIndex ? [`product_grams match ${p(textGramsQuery(vendorId, q.keywords!).match)}`] : [];
    w.push(`p.vendor_id = ${p(vendorId)}`, 'p.deleted_at is null');
    if (q.keywords) {
      // A function: its parameter is taken where the condition stands in the text (`?` are positional).
      const like = () => `${PRODUCT_TEXT(pg)} ${pg ? 'ilike' : 'like'} ${p(`%${q.keywords}%`)}`;
      if (pg) {
        const chars = Array.from(q.keywords);
        const keys = chars.length <= 2 ? [q.keywords] : [chars[0]! + chars[1]!, chars.at(-2)! + chars.at(-1)!];
        w.push(`vendor_text_keys(p.vendor_id, ${PRODUCT_TEXT(true)}) @> array[${keys.map((k) => `${p(`${vendorId}:`)}::text || lower(${p(k)}::text)`).join(', ')}]`, like());
      } else if (!textGramsQuery(vendorId, q.keywords).exact) w.push(like());
    }
    if (q.categoryId) w.push(`p.category_id = ${p(Number(q.categoryId))}`);
    if (q.categoryId2) w.push(`p.category_id_two = ${p(Number(q.categoryId2))}`);
    if (q.isCheck !== undefined) w.push(`p.check_status = ${p(Number(q.isCheck))}`);
    if (q.minPrice || q.maxPrice) {
      const range = ['pp.product_id = p.id'];
      if (q.minPrice) range.push(`pp.price_fen >= ${p(Math.round(Number(q.minPrice) * 100))}`);
      if (q.maxPrice) range.push(`pp.price_fen <= ${p(Math.round(Number(q.maxPrice) * 100))}`);
      w.push(`exists (select 1 from product_prices pp where ${range.join(' and ')} limit 1)`);
    }
    return w.join(' and ');
  };
  let total: string;
  if (!q.keywords && !q.minPrice && !q.maxPrice && !(q.categoryId && q.categoryId2)) {
    const c = [`c.vendor_id = ${p(vendorId)}`];
    if (q.isCheck !== undefined) c.push(`c.check_status = ${p(Number(q.isCheck))}`);
    const cat = q.categoryId2 ? [2, q.categoryId2] : q.categoryId ? [3, q.categoryId] : null;
    total = cat
      ? `(select coalesce(sum(c.n), 0) from product_category_counts c where ${c.join(' and ')} and c.level = ${p(cat[0])} and c.category_id = ${p(Number(cat[1]))})`
      : `(select coalesce(sum(c.n), 0) from product_counts c where ${c.join(' and ')})`;
  } else if (viaIndex && textGramsQuery(vendorId, q.keywords!).exact && !q.categoryId && !q.categoryId2 && q.isCheck === undefined && !q.minPrice && !q.maxPrice) {
    total = `(select count(*) from (select 1 from product_grams where product_grams match ${p(textGramsQuery(vendorId, q.keywords!).match)} limit ${BOUND + 1}) m)`;
  } else if ((q.minPrice || q.maxPrice) && !q.keywords && !q.categoryId && !q.categoryId2 && q.isCheck === undefined) {
    // A price range alone: counted in product_prices, each product once (its highest price in the range).
    const c = [`vendor_id = ${p(vendorId)}`];
    if (q.minPrice) c.push(`price_fen >= ${p(Math.round(Number(q.minPrice) * 100))}`);
    if (q.maxPrice) c.push(`price_fen <= ${p(Math.round(Number(q.maxPrice) * 100))}`, `(next_fen is null or next_fen > ${p(Math.round(Number(q.maxPrice) * 100))})`);
    else c.push('next_fen is null');
    total = `(select count(*) from (select 1 from product_prices where ${c.join(' and ')} limit ${BOUND + 1}) m)`;
  } else total = `(select count(*) from (select 1 from ${from} where ${filters()} limit ${BOUND + 1}) m)`;
  const size = Number(q.pageSize ?? 10);
  const offset = (Number(q.pageNum ?? 1) - 1) * size;
  const order = viaIndex ? 'g.rowid desc' : 'p.created_at desc, p.id desc';
  const text = `select ${total} as total, page.* from (select p.* from ${from} where ${filters()}
    order by ${order} limit ${p(size)} offset ${p(offset)}) page`;
  return CompiledQuery.raw(text, params);
}

/** Rows and a total from a statement whose rows carry `total`; a bounded count (`bounded`) past BOUND answers BOUND, flagged. */
const pageAnswer = (rows: Array<Record<string, unknown> & { total?: unknown }>, bounded: boolean) => {
  const total = rows.length ? Number(rows[0]!.total) : 0;
  const past = bounded && total > BOUND;
  return { code: 200, msg: 'ok', rows: rows.map(({ total: _t, ...row }) => row), total: past ? BOUND : total, ...(past ? { totalBounded: true } : {}) };
};

export function registerReferenceRoutes(app: FastifyInstance) {
  const pg = app.config.isPostgres;
  app.get('/bench/ref/orders', { config: { access: PERM.orderList } }, async (req) => {
    const q = { ...(req.query as ListQuery), vendorId: vendorOf(req).vendorId };
    return pageAnswer((await app.db.executeQuery<Record<string, unknown>>(listStatement(pg, q))).rows, Boolean(q.keyWords));
  });
  app.get('/bench/ref/products', { config: { access: PERM.productList } }, async (req) => {
    const q = { ...(req.query as ProductQuery), vendorId: vendorOf(req).vendorId };
    const exact = !q.keywords && !q.minPrice && !q.maxPrice && !(q.categoryId && q.categoryId2);
    return pageAnswer((await app.db.executeQuery<Record<string, unknown>>(productStatement(pg, q))).rows, !exact);
  });

  let seq = 0;
  const q = (text: string, params: unknown[]) => CompiledQuery.raw(pg ? text.replace(/\?/g, ((n) => () => `$${++n}`)(0)) : text, params);
  type Tx = Pick<FastifyInstance['db'], 'executeQuery'>;
  /** Inserts the order (paid or not) and its line; returns its id, number and price. */
  const insertOrder = async (tx: Tx, vendorId: number, userId: number, productId: number, paid: boolean) => {
    const orderNo = `REF${process.pid}${Date.now()}${++seq}`;
    const now = new Date().toISOString();
    const price = await tx.executeQuery<{ installation_fen: number; model_name: string; category_name: string }>(
      q('select installation_fen, model_name, category_name from products where id = ? and vendor_id = ?', [productId, vendorId]));
    const p = price.rows[0]!;
    const fen = Number(p.installation_fen);
    const order = await tx.executeQuery<{ id: number }>(q(`insert into orders (vendor_id, created_by, order_no, status, node, parole, service_type, real_name, phone,
      province_id, province_name, city_id, city_name, district_id, district_name, detail_address, total_fen, real_pay_fen, paid_flag, pay_time, created_at, updated_at)
      values (?, ?, ?, ?, ?, 1, 1, '压测客户', '13912345678', '310000', '上海市', '310100', '上海市', '310112', '闵行区', '莘松路1号', ?, ?, ?, ?, ?, ?) returning id`,
    [vendorId, userId, orderNo, paid ? 200 : 100, paid ? 210 : 110, fen, fen, paid ? 1 : 0, paid ? now : null, now, now]));
    const orderId = order.rows[0]!.id;
    await tx.executeQuery(q('insert into order_products (order_id, vendor_id, product_id, category_name, model_name, number, price_fen) values (?, ?, ?, ?, ?, 1, ?)',
      [orderId, vendorId, productId, p.category_name, p.model_name, fen]));
    return { orderId, orderNo, fen };
  };
  /** Debits the balance and writes the ledger record of a paid order. */
  const debit = async (tx: Tx, vendorId: number, order: { orderId: number; orderNo: string; fen: number }) => {
    const now = new Date().toISOString();
    const moved = await tx.executeQuery<{ balance_fen: number }>(q('update vendors set balance_fen = balance_fen - ? where id = ? and balance_fen >= ? returning balance_fen', [order.fen, vendorId, order.fen]));
    const after = Number(moved.rows[0]!.balance_fen);
    await tx.executeQuery(q(`insert into account_records (vendor_id, change_type, amount_fen, before_balance_fen, balance_after_fen, settled, payment_type, pay_method, pay_status,
      order_no, order_id, transaction_flow_no, operator, remarks, pay_time, created_at) values (?, 0, ?, ?, ?, 1, 1, 1, 1, ?, ?, ?, 'bench', '工单支付', ?, ?)`,
    [vendorId, -order.fen, after + order.fen, after, order.orderNo, order.orderId, `${order.orderNo}P`, now, now]));
  };
  app.post('/bench/ref/create-pay', { config: { access: [PERM.orderAdd, PERM.orderPay] } }, async (req) => {
    const { vendorId, userId } = vendorOf(req);
    const { productId } = JSON.parse(req.rawBody) as { productId: number };
    const id = await app.db.transaction().execute(async (tx) => {
      const order = await insertOrder(tx, vendorId, userId, productId, true);
      await debit(tx, vendorId, order);
      return order.orderId;
    });
    return { code: 200, msg: 'ok', data: id };
  });
  // The same work as two signed calls, as the portal's create and pay are: what the protocol costs.
  app.post('/bench/ref/create', { config: { access: PERM.orderAdd } }, async (req) => {
    const { vendorId, userId } = vendorOf(req);
    const { productId } = JSON.parse(req.rawBody) as { productId: number };
    const id = await app.db.transaction().execute(async (tx) => (await insertOrder(tx, vendorId, userId, productId, false)).orderId);
    return { code: 200, msg: 'ok', data: id };
  });
  app.post('/bench/ref/pay/:id', { config: { access: PERM.orderPay } }, async (req) => {
    const { vendorId } = vendorOf(req);
    const orderId = Number((req.params as { id: string }).id);
    await app.db.transaction().execute(async (tx) => {
      const now = new Date().toISOString();
      const paid = await tx.executeQuery<{ order_no: string; total_fen: number }>(q(`update orders set status = 200, node = 210, paid_flag = 1, pay_time = ?, updated_at = ?
        where id = ? and vendor_id = ? and status = 100 returning order_no, total_fen`, [now, now, orderId, vendorId]));
      const o = paid.rows[0]!;
      await debit(tx, vendorId, { orderId, orderNo: o.order_no, fen: Number(o.total_fen) });
    });
    return { code: 200, msg: 'ok', data: orderId };
  });
}
