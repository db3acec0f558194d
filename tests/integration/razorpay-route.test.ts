import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRazorpayClient, RazorpayError, webhookSignatureValid, type RazorpayClient } from "~/modules/payments/razorpay.server";
import { SANDBOX_BANK_ACCOUNTS, startRazorpaySandbox, type RazorpaySandbox, type SandboxAccount } from "../../sandbox/razorpay/sandbox";
import { waitFor } from "../support/razorpay";

// The shop's Razorpay client paying sellers through Route, against the sandbox as it would Razorpay.
const KEYS: SandboxAccount = { keyId: "rzp_test_RouteClientKey", keySecret: "route-key-secret-1234", webhookSecret: "route-webhook-secret" };

let sandbox: RazorpaySandbox;
let razorpay: RazorpayClient;
/** Each delivered webhook and whether the shop's own check accepted its signature. */
const delivered: { body: string; signed: boolean }[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks);
    delivered.push({ body: body.toString("utf8"), signed: webhookSignatureValid(body, String(req.headers["x-razorpay-signature"]), KEYS.webhookSecret) });
    res.writeHead(200).end();
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/razorpay`;
  sandbox = await startRazorpaySandbox({ accounts: [KEYS], webhookUrl, transferDelayMs: 20 });
  razorpay = createRazorpayClient({ apiUrl: sandbox.url, keyId: KEYS.keyId, keySecret: KEYS.keySecret });
});
afterAll(async () => {
  await sandbox.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const seller = (accountNumber: string, ifsc = "HDFC0000317") => ({
  email: "sales@nehru-place-pcs.example",
  phone: "+919876543210",
  legalBusinessName: "Nehru Place PCs",
  contactName: "Meera Iyer",
  referenceId: "vendor-42",
  bankAccount: { accountNumber, ifsc, beneficiaryName: "Meera Iyer" },
});

type Event = { event: string; payload: { transfer?: { entity: { id: string } } } };
const eventsOf = (transferId: string) =>
  delivered.map((d) => ({ ...(JSON.parse(d.body) as Event), signed: d.signed })).filter((e) => e.payload.transfer?.entity.id === transferId);

describe("Razorpay Route through the shop's client", () => {
  it("onboards a seller, pays it once per idempotency key, and says so in a signed transfer.processed", async () => {
    const account = await razorpay.createLinkedAccount(seller("50100123456789"));
    expect(account).toMatch(/^acc_[A-Za-z0-9]{14}$/);

    const input = { account, amount: 1_23_450, idempotencyKey: "payout-RC-1001-vendor-42", notes: { payout_id: "payout-7" } };
    const transfer = await razorpay.createTransfer(input);
    expect(transfer).toMatchObject({ entity: "transfer", status: "pending", recipient: account, amount: 1_23_450, currency: "INR", notes: { payout_id: "payout-7" } });
    expect(await razorpay.createTransfer(input)).toMatchObject({ id: transfer.id });

    await waitFor("the transfer to be processed", async () => (await razorpay.fetchTransfer(transfer.id)).status === "processed");
    expect(await razorpay.fetchTransfer(transfer.id)).toMatchObject({ id: transfer.id, processed_at: expect.any(Number), error: { description: null } });
    await waitFor("its webhook", () => eventsOf(transfer.id).length > 0);
    expect(eventsOf(transfer.id).map((e) => [e.event, e.signed])).toEqual([["transfer.processed", true]]);
  });

  it("a seller whose bank rejects transfers gets transfer.failed with the bank's reason", async () => {
    const account = await razorpay.createLinkedAccount(seller(SANDBOX_BANK_ACCOUNTS.failing));
    const transfer = await razorpay.createTransfer({ account, amount: 5_000, idempotencyKey: "payout-RC-1002-vendor-42" });
    await waitFor("the transfer to fail", async () => (await razorpay.fetchTransfer(transfer.id)).status === "failed");
    expect((await razorpay.fetchTransfer(transfer.id)).error).toMatchObject({ description: "The beneficiary bank rejected the transfer.", reason: "beneficiary_bank_rejected" });
    await waitFor("its webhook", () => eventsOf(transfer.id).length > 0);
    expect(eventsOf(transfer.id).map((e) => [e.event, e.signed])).toEqual([["transfer.failed", true]]);
  });

  it("Razorpay's refusals arrive as RazorpayError with code and description", async () => {
    const badIfsc = await razorpay.createLinkedAccount(seller("50100123456789", "HDFC1000317")).catch((e: unknown) => e);
    expect(badIfsc).toBeInstanceOf(RazorpayError);
    expect(badIfsc).toMatchObject({ status: 400, code: "BAD_REQUEST_ERROR", description: "The ifsc code must be a valid IFSC, like HDFC0000317." });

    const unknown = await razorpay.createTransfer({ account: "acc_NoSuchAccount1", amount: 100, idempotencyKey: "payout-unknown" }).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ status: 400, description: "Linked account does not exist", reason: "linked_account_id_does_not_exist" });
    await expect(razorpay.fetchTransfer("trf_NoSuchTransfer1")).rejects.toMatchObject({ description: "The id provided does not exist" });
  });
});
