import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { serverTranslator } from "./i18n.server";
import { richText } from "./rich";
import { PSEUDO_CLOSE, PSEUDO_OPEN } from "./pseudo";

const KEY = "We have sent a verification link to {{email}}. Follow it to activate your account, then sign in.";
const render = (lng: Parameters<typeof serverTranslator>[0]) =>
  renderToStaticMarkup(<p>{richText(serverTranslator(lng), KEY, { email: <strong>a@b.np</strong> })}</p>);

describe("a translated sentence with markup inside", () => {
  it("places the node where each language's grammar puts it", () => {
    expect(render("en")).toBe("<p>We have sent a verification link to <strong>a@b.np</strong>. Follow it to activate your account, then sign in.</p>");
    expect(render("ja")).toMatch(/^<p><strong>a@b\.np<\/strong> に確認リンク/);
    expect(render("ne")).toContain("हामीले <strong>a@b.np</strong> मा");
  });
  it("keeps the pseudo-locale's marks around the whole sentence", () => {
    expect(render("pseudo")).toMatch(new RegExp(`^<p>${PSEUDO_OPEN}We have sent .*${PSEUDO_CLOSE}</p>$`));
  });
});
