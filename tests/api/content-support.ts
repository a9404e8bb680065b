// Shared by the content collections' API specs (blog, testimonials, resources, highlights,
// images): reading a list back, uploading a real image, and asking whether a stored image is
// still there.
import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { expect } from "./fixtures";

export const HEX_ID = /^[0-9a-f]{24}$/;
export const ISO_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
export const STORED = /^\/images\/[0-9a-f]{24}$/;

type Row = { _id: string } & Record<string, unknown>;

/** The `data` list of a public GET, checked for the SPEC's shape. */
export async function listOf(request: APIRequestContext, path: string): Promise<Row[]> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.success).toBe(true);
  expect(Array.isArray(body.data)).toBe(true);
  return body.data;
}

/** A real PNG, made here. */
export async function pngBytes(width = 16, height = 16): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
}

/** Uploads a real PNG through POST /api/images; answers its addresses. */
export async function uploadPng(
  request: APIRequestContext,
  auth: { Authorization: string },
): Promise<{ secure_url: string; url: string }> {
  const response = await request.post("/api/images", {
    headers: auth,
    multipart: { file: { name: "photo.png", mimeType: "image/png", buffer: await pngBytes() } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/** Whether GET /images/<id> still serves the file. */
export async function imageServed(request: APIRequestContext, url: string): Promise<boolean> {
  const response = await request.get(url);
  return response.status() === 200;
}

/** The record at `index` of a public list (which must have one). */
export async function rowAt(request: APIRequestContext, path: string, index = 0): Promise<Row> {
  const row = (await listOf(request, path)).at(index);
  if (!row) throw new Error(`${path} has no record at ${index}`);
  return row;
}
