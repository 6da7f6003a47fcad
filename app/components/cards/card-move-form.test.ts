import { describe, expect, it } from "vitest";
import { pageTitle } from "@lib/title";
import { CARD_MOVES } from "@modules/cards";
import { MOVE_PAGE_TITLES, moveTitle } from "./card-move-form";

describe("a card move page's title", () => {
  it("is what the spec's rule makes of the move's URL, written out so a page can say it in its language", () => {
    for (const move of CARD_MOVES) expect(MOVE_PAGE_TITLES[move]).toBe(pageTitle(`/cards/12/${move}`));
    expect(moveTitle({ move: "approveReturn" })).toBe("APPROVERETURN");
    expect(moveTitle(undefined)).toBeUndefined();
  });
});
