// The order in which the embedded PGlite serves its socket clients. PGlite is
// one PostgreSQL session underneath, and pglite-socket feeds it the messages
// of every client connection one by one. Its own queue keeps a connection's
// messages together only inside a transaction, so outside one the extended
// protocol's Parse / Bind / Execute / Sync of two connections interleave: the
// second Parse replaces the first's unnamed statement, and the first then
// binds the wrong statement ("unnamed prepared statement does not exist", or
// worse, another query's rows). A failed message also left that queue stopped
// for good. Reported upstream as electric-sql/pglite#1046.
//
// This queue gives the session to one connection from its first extended
// protocol message until its Sync (or a simple Query), and for as long as a
// transaction it began stays open; the other connections wait their turn in
// arrival order. A failed message is answered to its own connection only.

// Frontend messages that continue an extended-protocol exchange, which the
// server closes only at the next Sync: Parse, Bind, Describe, Execute, Close,
// Flush, and COPY data.
const EXCHANGE = new Set(["P", "B", "D", "E", "C", "H", "d"]);
// Messages after which the session is between requests again: Sync, a simple
// Query (which discards the unnamed statement anyway) and Terminate.
const BOUNDARY = new Set(["S", "Q", "X"]);

/** The same contract as pglite-socket's queue (enqueue, getQueueLength, clearQueueForHandler, clearTransactionIfNeeded). */
export class ProtocolQueue {
  /** @param {import("@electric-sql/pglite").PGlite} db */
  constructor(db) {
    this.db = db;
    /** @type {{ handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void, resolve: (n: number) => void, reject: (e: unknown) => void }[]} */
    this.queue = [];
    this.processing = false;
    // The connection that holds the session, and whether it is inside an exchange.
    this.owner = null;
    this.inExchange = false;
  }

  enqueue(handlerId, message, onData) {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.processQueue();
    });
  }

  /** The connection the session is reserved for, or null when any may go next. */
  reservedFor() {
    if (this.owner === null) return null;
    if (this.inExchange || this.db.isInTransaction()) return this.owner;
    return null;
  }

  next() {
    const reserved = this.reservedFor();
    if (reserved === null) return this.queue.shift() ?? null;
    const index = this.queue.findIndex((item) => item.handlerId === reserved);
    // The holder has not sent its next message yet: everyone else waits for it.
    return index === -1 ? null : this.queue.splice(index, 1)[0];
  }

  async processQueue() {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        const type = String.fromCharCode(item.message[0] ?? 0);
        this.owner = item.handlerId;
        if (EXCHANGE.has(type)) this.inExchange = true;
        else if (BOUNDARY.has(type)) this.inExchange = false;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
          item.resolve(bytes);
        } catch (error) {
          // Only this connection's message failed; the queue goes on for the others.
          this.inExchange = false;
          item.reject(error);
        }
      }
    } finally {
      this.processing = false;
    }
  }

  getQueueLength() {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId) {
    this.queue = this.queue.filter((item) => {
      if (item.handlerId !== handlerId) return true;
      item.reject(new Error("Handler disconnected"));
      return false;
    });
  }

  /** A connection that went away gives the session back, rolling back a transaction it left open. */
  async clearTransactionIfNeeded(handlerId) {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec("ROLLBACK");
    this.owner = null;
    this.inExchange = false;
    await this.processQueue();
  }
}
