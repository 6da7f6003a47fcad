import crypto from "node:crypto";

/**
 * The signing primitives the five protocols share. Provider-specific messages are built in each
 * adapter file; the simulators import the same builders, so the tested code is the code that
 * talks to the live gateways.
 */

/** `name=value` pairs in the given order, comma-joined, no spaces (eSewa, card, connectIPS). */
export function namedMessage(fields: Record<string, string | undefined>, names: readonly string[]): string {
  return names.map((name) => `${name}=${fields[name] ?? ""}`).join(",");
}

/** Raw values in the given order, comma-joined (FonePay DV). */
export function valuesMessage(fields: Record<string, string | undefined>, names: readonly string[]): string {
  return names.map((name) => fields[name] ?? "").join(",");
}

export function hmacBase64(algorithm: "sha256" | "sha512", secret: string, message: string): string {
  return crypto.createHmac(algorithm, Buffer.from(secret, "utf8")).update(message, "utf8").digest("base64");
}

export function hmacHex(algorithm: "sha256" | "sha512", secret: string, message: string): string {
  return crypto.createHmac(algorithm, Buffer.from(secret, "utf8")).update(message, "utf8").digest("hex");
}

/** Constant-time comparison of two strings (false when lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/** base64 of an RSA SHA256withRSA (PKCS#1 v1.5) signature: connectIPS TOKEN. */
export function rsaSignBase64(privateKey: crypto.KeyObject, message: string): string {
  return crypto.sign("sha256", Buffer.from(message, "utf8"), { key: privateKey, padding: crypto.constants.RSA_PKCS1_PADDING }).toString("base64");
}

export function rsaVerifyBase64(publicKey: crypto.KeyObject, message: string, signature: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return crypto.verify(
      "sha256",
      Buffer.from(message, "utf8"),
      { key: publicKey, padding: crypto.constants.RSA_PKCS1_PADDING },
      Buffer.from(signature, "base64"),
    );
  } catch {
    return false;
  }
}

export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, "utf8").toString("base64")}`;
}
