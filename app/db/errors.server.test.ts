import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isUniqueViolation } from "./errors.server";

/** An error as pg or Node makes them: a message, and a code where they give one. */
function err(message: string, fields: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), fields);
}

describe("isUniqueViolation", () => {
  it("is PostgreSQL's 23505 and SQLite's UNIQUE constraint failure", () => {
    expect(isUniqueViolation(err('duplicate key value violates unique constraint "orders_number_key"', { code: "23505" }))).toBe(true);
    expect(isUniqueViolation(err("UNIQUE constraint failed: orders.number", { code: "ERR_SQLITE_ERROR" }))).toBe(true);
  });

  it("is not another constraint, nor anything that is not an error", () => {
    expect(isUniqueViolation(err('insert or update on table "orders" violates foreign key constraint', { code: "23503" }))).toBe(false);
    expect(isUniqueViolation(err("FOREIGN KEY constraint failed"))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation("23505")).toBe(false);
  });
});

describe("isDatabaseUnavailable", () => {
  it("is a server shutting down, starting up or out of connections", () => {
    expect(isDatabaseUnavailable(err("terminating connection due to administrator command", { code: "57P01" }))).toBe(true);
    expect(isDatabaseUnavailable(err("terminating connection because of crash of another server process", { code: "57P02" }))).toBe(true);
    expect(isDatabaseUnavailable(err("the database system is starting up", { code: "57P03" }))).toBe(true);
    expect(isDatabaseUnavailable(err("sorry, too many clients already", { code: "53300" }))).toBe(true);
  });

  it("is SQLSTATE class 08, a connection exception", () => {
    expect(isDatabaseUnavailable(err("connection failure", { code: "08006" }))).toBe(true);
    expect(isDatabaseUnavailable(err("SSL SYSCALL error", { code: "08000" }))).toBe(true);
    expect(isDatabaseUnavailable(err("protocol violation", { code: "08P01" }))).toBe(true);
  });

  it("is the network refusing or cutting the connection", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]) {
      expect(isDatabaseUnavailable(err(`connect ${code} 127.0.0.1:5432`, { code })), code).toBe(true);
    }
    // Node's refusal by every address of a host ("localhost": ::1 and 127.0.0.1) comes as one AggregateError.
    const refused = new AggregateError([err("connect ECONNREFUSED ::1:5432", { code: "ECONNREFUSED" }), err("connect ECONNREFUSED 127.0.0.1:5432", { code: "ECONNREFUSED" })], "");
    expect(isDatabaseUnavailable(refused)).toBe(true);
  });

  it("is pg's words for a connection lost, or not had in time", () => {
    expect(isDatabaseUnavailable(err("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(err("Connection terminated"))).toBe(true);
    expect(isDatabaseUnavailable(err("Connection terminated due to connection timeout", { cause: err("Connection terminated unexpectedly") }))).toBe(true);
    expect(isDatabaseUnavailable(err("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(err("Client has encountered a connection error and is not queryable"))).toBe(true);
  });

  it("is found in the error's cause", () => {
    expect(isDatabaseUnavailable(err("the query failed", { cause: err("terminating connection due to administrator command", { code: "57P01" }) }))).toBe(true);
  });

  it("is not a query the database refused: a constraint, a syntax error, a deadlock, a statement cancelled", () => {
    expect(isDatabaseUnavailable(err("duplicate key value violates unique constraint", { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(err('syntax error at or near "selec"', { code: "42601" }))).toBe(false);
    expect(isDatabaseUnavailable(err("deadlock detected", { code: "40P01" }))).toBe(false);
    expect(isDatabaseUnavailable(err("canceling statement due to statement timeout", { code: "57014" }))).toBe(false);
    expect(isDatabaseUnavailable(err("database is locked", { code: "ERR_SQLITE_ERROR", errcode: 5 }))).toBe(false);
    expect(isDatabaseUnavailable(err("Cannot use a pool after calling end on the pool"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });

  it("does not follow causes for ever", () => {
    const looped = err("outer") as Error & { cause?: unknown };
    looped.cause = looped;
    expect(isDatabaseUnavailable(looped)).toBe(false);
  });
});
