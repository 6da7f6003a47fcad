import fs from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { createRoute, getRoute } from "@modules/trek-routes/index.server";
import { parseCsv } from "./support/routes-csv";
import { png } from "./support/routes-images";
import { hydrated } from "./support/session";
import { signInAs } from "./support/auth-cookie";

const unique = (tag: string) => `${tag} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A route made straight through the module, for tests that are not about the form. */
async function makeRoute(name = unique("E2E Route")) {
  const id = await createRoute({
    name,
    provinceId: 3,
    startPoint: "Syabrubesi",
    endPoint: "Kyanjin Gompa",
    description: "<p>Made by a test</p>",
    checkpoints: [{ name: "Lama Hotel" }, { name: "Langtang Village" }],
  });
  return { id, name };
}

/** How many of the `count` images the page shows really decoded (served, and a real image). */
async function imagesLoaded(page: Page, selector: string, count: number): Promise<number> {
  await expect(page.locator(selector)).toHaveCount(count);
  await page.waitForFunction((s) => [...document.querySelectorAll<HTMLImageElement>(s)].every((i) => i.complete), selector);
  return page.$$eval(selector, (imgs) => (imgs as HTMLImageElement[]).filter((i) => i.naturalWidth > 0).length);
}

test.describe("routes as the board", () => {
  test("creates, shows, edits, disables, enables and exports a route", async ({ page }) => {
    // The longest walk of the suite (four tabs, images, three saves, an export).
    test.slow();
    const name = unique("Annapurna E2E");
    await signInAs(page, "ntb@tims.test");
    await page.goto("/route");
    await page.getByRole("link", { name: "Add Route" }).click();
    await expect(page).toHaveURL("/route-add");
    await hydrated(page);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/Routes\s*>\s*Add New Routes/);

    // Overview
    await page.getByLabel("Trek Route Name").fill(name);
    await page.getByLabel("Province").selectOption({ label: "Gandaki" });
    await page.getByLabel("Start Point", { exact: true }).fill("Besisahar");
    await page.getByLabel("End Point", { exact: true }).fill("Jomsom");

    // Description: the rich-text editor with formatting
    const editor = page.getByRole("textbox", { name: "Description" });
    await editor.click();
    await page.keyboard.type("The classic ");
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type("circuit");
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Bulleted list" }).click();
    await page.keyboard.type("Cross the Thorong La");

    // Route: three checkpoints between the read-only start and end points
    await page.getByRole("tab", { name: "Route" }).click();
    await expect(page.getByLabel("Start Point (read-only)")).toHaveValue("Besisahar");
    await expect(page.getByLabel("End Point (read-only)")).toHaveValue("Jomsom");
    await page.getByLabel("Checkpoint 1", { exact: true }).fill("Chame");
    await page.getByRole("button", { name: "Add Checkpoint" }).click();
    await page.getByLabel("Checkpoint 2", { exact: true }).fill("Manang");
    await page.getByRole("button", { name: "Add Checkpoint" }).click();
    await page.getByLabel("Checkpoint 3", { exact: true }).fill("Muktinath");

    // Gallery (two images) and Map (one)
    await page.getByRole("tab", { name: "Gallery" }).click();
    await page.getByLabel("Add Gallery Images").setInputFiles([png("gallery-one.png", [200, 40, 40]), png("gallery-two.png", [40, 160, 40])]);
    await page.getByRole("tab", { name: "Map" }).click();
    await page.getByLabel("Add Map Images").setInputFiles([png("trail-map.png", [40, 40, 200])]);

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/\/route\/\d+$/);
    await expect(page.getByText("Route Added")).toBeVisible();
    const id = Number(new URL(page.url()).pathname.split("/").pop());

    // Detail: the arrow path, the formatted description, gallery and map
    await expect(page.getByRole("heading", { name })).toBeVisible();
    await expect(page.getByText("Gandaki")).toBeVisible();
    await expect(page.getByTestId("route-path")).toHaveText(/^Besisahar→Chame→Manang→Muktinath→Jomsom$/);
    await expect(page.locator("b, strong", { hasText: "circuit" })).toBeVisible();
    await expect(page.locator("li", { hasText: "Cross the Thorong La" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Update Route" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Register this Trek" })).toHaveCount(0);
    await page.getByRole("link", { name: "Gallery" }).click();
    await expect(page).toHaveURL(`/route/${id}?tab=gallery`);
    expect(await imagesLoaded(page, 'ul[aria-label="Gallery images"] img', 2)).toBe(2);
    await page.getByRole("link", { name: "Map" }).click();
    await expect(page).toHaveURL(`/route/${id}?tab=map`);
    expect(await imagesLoaded(page, 'ul[aria-label="Map images"] img', 1)).toBe(1);

    // Edit: reorder and remove checkpoints, delete one image and revert another
    await page.getByRole("link", { name: "Update Route" }).click();
    await expect(page).toHaveURL(`/route-add/${id}`);
    await hydrated(page);
    await expect(page.getByLabel("Trek Route Name")).toHaveValue(name);
    await page.getByRole("tab", { name: "Route" }).click();
    await page.getByRole("button", { name: "Move checkpoint 3 up" }).click();
    await expect(page.getByLabel("Checkpoint 2", { exact: true })).toHaveValue("Muktinath");
    await page.getByRole("button", { name: "Remove checkpoint 1" }).click();
    await expect(page.getByLabel("Checkpoint 1", { exact: true })).toHaveValue("Muktinath");
    await expect(page.getByLabel("Checkpoint 2", { exact: true })).toHaveValue("Manang");
    await expect(page.getByLabel("Checkpoint 3", { exact: true })).toHaveCount(0);

    await page.getByRole("tab", { name: "Gallery" }).click();
    await page.getByLabel("Select gallery-one.png").check();
    await page.getByLabel("Select gallery-two.png").check();
    await page.getByRole("button", { name: "Delete Selected" }).click();
    await page.getByRole("button", { name: "Revert gallery-two.png" }).click();
    await expect(page.getByLabel("Select gallery-two.png")).toBeVisible();
    await expect(page.getByRole("button", { name: "Revert gallery-one.png" })).toBeVisible();

    // Leaving with unsaved changes asks first; staying keeps the edits.
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Routes" }).click();
    await expect(page.getByRole("alertdialog", { name: "Are you sure you want to leave this page with changes" })).toBeVisible();
    await page.getByRole("button", { name: "Stay" }).click();
    await expect(page).toHaveURL(`/route-add/${id}`);

    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expect(page).toHaveURL(`/route/${id}`);
    await expect(page.getByText("Route Updated")).toBeVisible();
    await expect(page.getByTestId("route-path")).toHaveText(/^Besisahar→Muktinath→Manang→Jomsom$/);
    await page.getByRole("link", { name: "Gallery" }).click();
    await expect(page.getByRole("img", { name: "gallery-two.png" })).toBeVisible();
    await expect(page.getByRole("img", { name: "gallery-one.png" })).toHaveCount(0);
    await page.getByRole("link", { name: "Map" }).click();
    await expect(page.getByRole("img", { name: "trail-map.png" })).toBeVisible();

    // Disable after confirmation, enable at once
    await page.goto(`/route?name=${encodeURIComponent(name)}`);
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText("Active");
    await row.getByRole("link", { name: `Disable ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Disable Route" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Disable" }).click();
    await expect(page.getByText("Route Status Updated")).toBeVisible();
    await expect(row).toContainText("Disable");
    await row.getByRole("button", { name: `Enable ${name}` }).click();
    await expect(row).toContainText("Active");

    // Export: RoutesList.csv with the searched route
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe("RoutesList.csv");
    const rows = parseCsv(await fs.readFile((await download.path())!, "utf8"));
    expect(rows[0]).toEqual(["Route Id", "Route Name", "Province", "Start Point", "End Point", "Status"]);
    expect(rows.slice(1)).toEqual([[String(id), name, "Gandaki", "Besisahar", "Jomsom", "Active"]]);
  });

  test("the full export lists every route once, demo routes included", async ({ page }) => {
    const mine = await makeRoute();
    await signInAs(page, "ntb@tims.test");
    const response = await page.request.get("/route/export");
    expect(response.headers()["content-disposition"]).toContain('filename="RoutesList.csv"');
    const rows = parseCsv(await response.text()).slice(1);
    const names = rows.map((r) => r[1]);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain("Everest Base Camp");
    expect(rows.find((r) => r[0] === String(mine.id))).toEqual([String(mine.id), mine.name, "Bagmati", "Syabrubesi", "Kyanjin Gompa", "Active"]);
  });

  test("a description with a script tag and an onerror attribute is stored and shown without them", async ({ page }) => {
    const name = unique("Unsafe Description");
    const alerts: string[] = [];
    page.on("dialog", (d) => {
      alerts.push(d.message());
      void d.dismiss();
    });
    await signInAs(page, "ntb@tims.test");
    const response = await page.request.post("/route-add", {
      multipart: {
        name,
        provinceId: "1",
        startPoint: "Lukla",
        endPoint: "Everest Base Camp",
        description:
          '<p>Safe <em>text</em></p><script>alert("script")</script><img src="x" onerror="alert(\'onerror\')"><a href="javascript:alert(1)">link</a>',
        "checkpoints[0].name": "Namche Bazaar",
        intent: "save",
      },
    });
    expect(response.ok()).toBe(true);
    const id = Number(new URL(response.url()).pathname.split("/").pop());
    const stored = (await getRoute(id))!.description;
    expect(stored).not.toMatch(/script|onerror|javascript:|<img/i);
    expect(stored).toContain("<em>text</em>");

    await page.goto(`/route/${id}`);
    await hydrated(page);
    await expect(page.locator("em", { hasText: "text" })).toBeVisible();
    const html = await page.content();
    expect(html).not.toContain("onerror");
    expect(html).not.toContain('alert("script")');
    expect(alerts).toEqual([]);
  });

  test("delete asks for confirmation and removes the route", async ({ page }) => {
    const route = await makeRoute();
    await signInAs(page, "ntb@tims.test");
    await page.goto(`/route?name=${encodeURIComponent(route.name)}`);
    await page.getByRole("link", { name: `Delete ${route.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Route" });
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    expect(await getRoute(route.id)).not.toBeNull();
    await page.getByRole("link", { name: `Delete ${route.name}` }).click();
    await page.getByRole("dialog", { name: "Delete Route" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Route Deleted Successfully")).toBeVisible();
    await expect(page.getByText("No Data Found For This Table")).toBeVisible();
    expect(await getRoute(route.id)).toBeNull();
  });
});

test.describe("route form errors", () => {
  test("each error shows on the tab that holds it, and a bad image saves nothing", async ({ page }) => {
    const name = unique("Errors");
    await signInAs(page, "ntb@tims.test");
    await page.goto("/route-add");
    await hydrated(page);
    await page.getByLabel("Trek Route Name").fill(name);
    await page.getByLabel("Province").selectOption({ label: "Koshi" });
    await page.getByLabel("Start Point", { exact: true }).fill("Lukla");
    await page.getByLabel("End Point", { exact: true }).fill("Gokyo");
    await page.getByRole("textbox", { name: "Description" }).click();
    await page.keyboard.type("Lakes");

    // Checked by the server on submit: the Route sub-tab opens on the empty checkpoint.
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("tab", { name: /Route/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("Checkpoint Name field is required")).toBeVisible();
    await page.getByLabel("Checkpoint 1", { exact: true }).fill("Machhermo");

    // Checked by the server: a text file named .png; the Gallery tab opens on its message.
    await page.getByRole("tab", { name: "Gallery" }).click();
    await page
      .getByLabel("Add Gallery Images")
      .setInputFiles([png("good.png", [10, 10, 10]), { name: "fake.png", mimeType: "image/png", buffer: Buffer.alloc(2048, "not an image") }]);
    await page.getByRole("tab", { name: "Overview" }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("tab", { name: /Gallery/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("fake.png: Only .jpg and .png extensions allowed")).toBeVisible();
    await expect(page).toHaveURL("/route-add");
    await expect(page.getByLabel("Trek Route Name")).toHaveValue(name);
    await page.goto(`/route?name=${encodeURIComponent(name)}`);
    await expect(page.getByText("No Data Found For This Table")).toBeVisible();
  });
});

test.describe("route form checks with JavaScript", () => {
  test("a field left empty shows the server's message; checkpoints are added and removed in place", async ({ page }) => {
    await signInAs(page, "ntb@tims.test");
    await page.goto("/route-add");
    await hydrated(page);
    const name = page.getByLabel("Trek Route Name");
    await name.click();
    await page.getByLabel("Start Point", { exact: true }).click();
    await expect(page.getByText("Route Name field is required")).toBeVisible();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAttribute("aria-describedby", "route-form-name-error");
    // A field in error is checked again as it is typed.
    await name.fill("Everest Trail");
    await expect(page.getByText("Route Name field is required")).toHaveCount(0);
    await expect(name).not.toHaveAttribute("aria-invalid", "true");

    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname.startsWith("/route-add")) posts.push(r.url());
    });
    await page.getByRole("tab", { name: "Route" }).click();
    await page.getByLabel("Checkpoint 1", { exact: true }).fill("Phakding");
    await page.getByRole("button", { name: "Add Checkpoint" }).click();
    await page.getByLabel("Checkpoint 2", { exact: true }).fill("Namche Bazaar");
    await page.getByRole("button", { name: "Move checkpoint 2 up" }).click();
    await expect(page.getByLabel("Checkpoint 1", { exact: true })).toHaveValue("Namche Bazaar");
    await page.getByRole("button", { name: "Remove checkpoint 2" }).click();
    await expect(page.getByLabel("Checkpoint 1", { exact: true })).toHaveValue("Namche Bazaar");
    await expect(page.getByLabel("Checkpoint 2", { exact: true })).toHaveCount(0);
    await expect(page.getByLabel("Checkpoint 1", { exact: true })).toHaveAttribute("name", "checkpoints[0].name");
    expect(posts).toEqual([]);
  });
});

test.describe("routes as a free trekker", () => {
  test("sees the detail with Register this Trek, no editing controls, and edit posts are refused", async ({ page }) => {
    const route = await makeRoute();
    await signInAs(page, "fit@tims.test");
    await page.goto(`/route/${route.id}`);
    await expect(page.getByRole("heading", { name: route.name })).toBeVisible();
    await expect(page.getByTestId("route-path")).toHaveText(/^Syabrubesi→Lama Hotel→Langtang Village→Kyanjin Gompa$/);
    await expect(page.getByRole("link", { name: "Register this Trek" })).toHaveAttribute("href", `/new-register?routeId=${route.id}`);
    await expect(page.getByRole("link", { name: "Update Route" })).toHaveCount(0);

    await page.goto(`/route?name=${encodeURIComponent(route.name)}`);
    await expect(page.getByRole("link", { name: route.name })).toBeVisible();
    await expect(page.getByRole("link", { name: "Add Route" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: `Edit ${route.name}` })).toHaveCount(0);
    await expect(page.getByRole("link", { name: `Delete ${route.name}` })).toHaveCount(0);

    expect((await page.goto(`/route-add/${route.id}`))!.status()).toBe(403);
    expect((await page.goto("/route-add"))!.status()).toBe(403);

    const edit = await page.request.post(`/route-add/${route.id}`, {
      multipart: { name: "Hijacked", provinceId: "1", startPoint: "A", endPoint: "B", description: "x", intent: "save" },
      maxRedirects: 0,
    });
    expect(edit.status()).toBe(403);
    const add = await page.request.post("/route-add", {
      multipart: { name: unique("Hijack"), provinceId: "1", startPoint: "A", endPoint: "B", description: "x", intent: "save" },
      maxRedirects: 0,
    });
    expect(add.status()).toBe(403);
    for (const intent of ["disable", "delete"]) {
      const res = await page.request.post("/route?index", { form: { intent, routeId: String(route.id) }, maxRedirects: 0 });
      expect(res.status(), intent).toBe(403);
    }
    const after = await getRoute(route.id);
    expect(after).toMatchObject({ name: route.name, status: "Active" });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the board adds a route with two checkpoints, one submit at a time", async ({ page }) => {
    const name = unique("Langtang NoJS");
    await signInAs(page, "ntb@tims.test");
    await page.goto("/route-add");
    await page.getByLabel("Trek Route Name").fill(name);
    await page.getByLabel("Province").selectOption({ label: "Bagmati" });
    await page.getByLabel("Start Point", { exact: true }).fill("Syabrubesi");
    await page.getByLabel("End Point", { exact: true }).fill("Kyanjin Gompa");
    await page.getByRole("textbox", { name: "Description" }).fill("Up the Langtang Khola.\n\nTamang villages.");
    await page.getByLabel("Checkpoint 1", { exact: true }).fill("Lama Hotel");
    await expect(page.getByLabel("Checkpoint 2", { exact: true })).toHaveCount(0);

    await page.getByRole("button", { name: "Add Checkpoint" }).click();
    await expect(page.getByLabel("Checkpoint 2", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Checkpoint 1", { exact: true })).toHaveValue("Lama Hotel");
    await expect(page.getByLabel("Trek Route Name")).toHaveValue(name);
    await page.getByLabel("Checkpoint 2", { exact: true }).fill("Langtang Village");

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/\/route\/\d+$/);
    await expect(page.getByText("Route Added")).toBeVisible();
    await expect(page.getByTestId("route-path")).toHaveText(/^Syabrubesi→Lama Hotel→Langtang Village→Kyanjin Gompa$/);
    await expect(page.locator("p", { hasText: "Tamang villages." })).toBeVisible();
  });

  test("checkpoints are added, moved and removed by the list buttons' posts", async ({ page }) => {
    await signInAs(page, "ntb@tims.test");
    await page.goto("/route-add");
    await page.getByLabel("Checkpoint 1", { exact: true }).fill("Phakding");
    await page.getByRole("button", { name: "Add Checkpoint" }).click();
    await page.getByLabel("Checkpoint 2", { exact: true }).fill("Namche Bazaar");
    await page.getByRole("button", { name: "Move checkpoint 2 up" }).click();
    await expect(page.getByLabel("Checkpoint 1", { exact: true })).toHaveValue("Namche Bazaar");
    await expect(page.getByLabel("Checkpoint 2", { exact: true })).toHaveValue("Phakding");
    await page.getByRole("button", { name: "Remove checkpoint 1" }).click();
    await expect(page.getByLabel("Checkpoint 1", { exact: true })).toHaveValue("Phakding");
    await expect(page.getByLabel("Checkpoint 2", { exact: true })).toHaveCount(0);
    // Only a save reports the fields left empty.
    await expect(page.getByText("Route Name field is required")).toHaveCount(0);
  });

  test("a missing field is reported by the server and nothing is saved", async ({ page }) => {
    await signInAs(page, "ntb@tims.test");
    await page.goto("/route-add");
    await page.getByLabel("Checkpoint 1", { exact: true }).fill("Somewhere");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Route Name field is required")).toBeVisible();
    await expect(page.getByText("Description field is required")).toBeVisible();
    await expect(page.getByLabel("Checkpoint 1", { exact: true })).toHaveValue("Somewhere");
  });
});
