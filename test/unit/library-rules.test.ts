// The library's pure rules (docs/design.md, the library and uploads): the one type of a file, who
// sees which status, and whether bytes are what their declared MIME type says.
import { describe, expect, it } from "vitest";
import { assetTypeOf } from "../../lib/capabilities/library/shared/asset-type";
import { visibleStatuses } from "../../lib/capabilities/library/shared/visibility";
import { bytesMatchType, normalizeMime } from "../../lib/storage/mime";
import { bytes } from "../support/files";

describe("a file's type: first match wins", () => {
  it.each([
    [{ category: "logo", mimeType: "image/png", fileName: "a.png" }, "logo"],
    [{ category: " LOGOS ", mimeType: "image/svg+xml", fileName: "a.svg" }, "logo"],
    [{ category: "Logo", mimeType: "font/woff2", fileName: "a.woff2" }, "logo"],
    [{ category: "logotypes", mimeType: "image/png", fileName: "a.png" }, "image"],
    [{ category: null, mimeType: "font/ttf", fileName: "a" }, "font"],
    [{ category: null, mimeType: "application/x-font-otf", fileName: "a" }, "font"],
    [{ category: null, mimeType: "application/vnd.ms-fontobject", fileName: "a.eot" }, "font"],
    [{ category: null, mimeType: "application/octet-stream", fileName: "Brand.OTF" }, "font"],
    [{ category: null, mimeType: "application/octet-stream", fileName: "brand.woff" }, "font"],
    [{ category: null, mimeType: "application/octet-stream", fileName: "brand.woff2.zip" }, "document"],
    [{ category: "photos", mimeType: "image/jpeg", fileName: "a.jpg" }, "image"],
    [{ category: null, mimeType: "video/mp4", fileName: "a.mp4" }, "video"],
    [{ category: null, mimeType: "audio/mpeg", fileName: "a.mp3" }, "audio"],
    [{ category: null, mimeType: "application/pdf", fileName: "a.pdf" }, "document"],
    [{ category: null, mimeType: "text/plain", fileName: "notes.ttf.txt" }, "document"],
  ])("%j is %s", (file, type) => {
    expect(assetTypeOf(file)).toBe(type);
  });
});

describe("visible statuses", () => {
  it("API and MCP: approved only, whatever the role", () => {
    for (const door of ["api", "mcp"] as const) {
      for (const role of ["viewer", "member", "admin", null] as const)
        expect(visibleStatuses(door, role)).toEqual(["approved"]);
    }
  });
  it("assistant and voice: by role; staff (null) as admin", () => {
    for (const door of ["assistant", "voice"] as const) {
      expect(visibleStatuses(door, "viewer")).toEqual(["approved"]);
      expect(visibleStatuses(door, "member")).toEqual(["approved", "proposed"]);
      expect(visibleStatuses(door, "admin")).toEqual(["approved", "proposed", "archived"]);
      expect(visibleStatuses(door, null)).toEqual(["approved", "proposed", "archived"]);
    }
  });
});

describe("MIME types against real bytes", () => {
  const woff2 = new Uint8Array([0x77, 0x4f, 0x46, 0x32, 0x00, 0x01, 0x00, 0x00, ...new Array(40).fill(0)]);
  const mp3 = new Uint8Array([
    0x49,
    0x44,
    0x33,
    0x04,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0xff,
    0xfb,
    0x90,
    0x00,
    ...new Array(400).fill(0),
  ]);

  it("normalizes case, parameters and common aliases; refuses what is not a MIME type", () => {
    expect(normalizeMime("Image/PNG")).toBe("image/png");
    expect(normalizeMime("text/plain; charset=utf-8")).toBe("text/plain");
    expect(normalizeMime("image/jpg")).toBe("image/jpeg");
    expect(normalizeMime("application/x-font-ttf")).toBe("font/ttf");
    for (const bad of ["png", "image/", "/png", "image png", "image/png/x", ""])
      expect(normalizeMime(bad)).toBeUndefined();
  });

  it.each([
    ["image/png", bytes.png()],
    ["image/jpeg", bytes.jpeg()],
    ["image/jpg", bytes.jpeg()],
    ["application/pdf", bytes.pdf()],
    ["font/woff2", woff2],
    ["application/font-woff2", woff2],
    ["audio/mpeg", mp3],
    ["text/plain", bytes.text()],
    ["text/csv", bytes.text("a,b\n1,2\n")],
    ["image/svg+xml", bytes.text('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ["image/svg+xml", bytes.text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')],
    ["application/json", bytes.text('{"a":1}')],
    ["application/octet-stream", bytes.png()],
  ])("%s accepts its own bytes", async (type, sample) => {
    expect((await bytesMatchType(type, sample)).ok).toBe(true);
  });

  it.each([
    ["image/png", bytes.text(), null],
    ["image/png", bytes.jpeg(), "image/jpeg"],
    ["application/pdf", bytes.png(), "image/png"],
    ["text/plain", bytes.png(), "image/png"],
    ["image/svg+xml", bytes.pdf(), "application/pdf"],
    ["font/woff2", bytes.text("not a font"), null],
    ["video/mp4", mp3, "audio/mpeg"],
    ["image/png", new Uint8Array(0), null],
  ])("%s refuses other bytes (seen as %s)", async (type, sample, detected) => {
    const result = await bytesMatchType(type, sample as Uint8Array);
    expect(result).toEqual({ ok: false, detected });
  });
});
