// @vitest-environment node
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import {
  Button,
  buttonClass,
  Checkbox,
  ConfirmDialog,
  DataTable,
  EMPTY_TEXTS,
  FileField,
  FormErrors,
  LinkButton,
  Modal,
  PageHeader,
  Pagination,
  SelectField,
  SidePanel,
  Tabs,
  TextArea,
  TextField,
  Toasts,
} from "@lib/ui";

/**
 * Server-renders inside a static data router, the way Remix renders on the server (Form and
 * useSubmit need a data router; RouterProvider would warn about useLayoutEffect on the server).
 */
async function render(ui: ReactElement, url = "/"): Promise<string> {
  const routes = [{ path: "*", element: ui }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, "http://tims.test")));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern, "g"))?.length ?? 0;
const decode = (href: string) => href.replace(/&amp;/g, "&");
/** hrefs of the page-number links (those carrying the visually hidden "Page " prefix). */
const pageLinks = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*><span class="sr-only">Page <\/span>(\d+)<\/a>/g)].map((m) => ({
    href: decode(m[1]),
    label: m[2],
  }));

describe("Button", () => {
  it("shares its look with LinkButton", async () => {
    const button = await render(
      <Button variant="danger" size="sm">
        Delete
      </Button>,
    );
    const link = await render(
      <LinkButton to="/x" variant="danger" size="sm">
        Delete
      </LinkButton>,
    );
    const cls = buttonClass("danger", "sm");
    expect(button).toContain(`class="${cls}"`);
    expect(button).toContain('type="submit"');
    expect(link).toContain(`class="${cls}"`);
    expect(link).toContain('href="/x"');
    expect(cls).toContain("bg-red-600");
    expect(buttonClass()).toContain("bg-blue-700");
  });
});

describe("fields", () => {
  it("SelectField starts with an empty 'Choose an option' option", async () => {
    const html = await render(
      <SelectField
        label="District"
        name="district"
        options={[
          { value: 1, label: "Kaski" },
          { value: "2", label: "Solukhumbu" },
        ]}
      />,
    );
    const options = [...html.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)];
    expect(options.map((m) => [m[1], m[2]])).toEqual([
      ["", "Choose an option"],
      ["1", "Kaski"],
      ["2", "Solukhumbu"],
    ]);
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>District<\/label><select[^>]* id="\1"/);
  });

  it("SelectField keeps the empty option first even with a default value", async () => {
    const html = await render(<SelectField label="District" name="district" defaultValue="2" options={[{ value: 2, label: "Solukhumbu" }]} />);
    expect(html).toMatch(/<select[^>]*><option value="">Choose an option<\/option><option value="2" selected="">/);
  });

  it("shows the first error, marks the field invalid and links the message", async () => {
    const html = await render(<TextField label="Full Name" name="fullName" id="full-name" errors={["Full Name field is required", "Only text allowed"]} />);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="full-name-error"');
    expect(html).toMatch(/<p id="full-name-error" role="alert" class="[^"]*text-red-600[^"]*">Full Name field is required<\/p>/);
    expect(html).not.toContain("Only text allowed");
  });

  it("is quiet when valid", async () => {
    const html = await render(<TextField label="Email" name="email" id="email" type="email" defaultValue="a@b.np" />);
    expect(html).not.toContain("aria-invalid=");
    expect(html).not.toContain("email-error");
    expect(html).toContain('value="a@b.np"');
    expect(html).toContain('type="email"');
  });

  it("accepts Conform-style props spread in", async () => {
    const conform = {
      id: "f-name",
      name: "name",
      form: "f",
      defaultValue: "Ram",
      required: true,
      "aria-invalid": true,
      "aria-describedby": "f-name-error",
    };
    const html = await render(<TextField {...conform} label="Name" errors={["Name field is required"]} hint="As on passport" />);
    expect(html).toContain('id="f-name"');
    expect(html).toContain('form="f"');
    expect(html).toContain('required=""');
    expect(html).toContain('aria-describedby="f-name-error f-name-hint"');
    expect(html).toContain('<p id="f-name-hint"');
    expect(count(html, /aria-invalid="true"/)).toBe(1);
  });

  it("drops a describedby pointing at an error that is not rendered", async () => {
    const html = await render(<TextField label="Name" name="name" id="n" aria-describedby="n-error" />);
    expect(html).not.toContain("aria-describedby");
  });

  it("TextArea, Checkbox and FileField show label and first error too", async () => {
    for (const html of [
      await render(<TextArea label="Reason" name="reason" id="x" errors={["Minimum 10 character is required"]} />),
      await render(<Checkbox label="I agree" name="agree" id="x" errors={["Minimum 10 character is required"]} />),
      await render(<FileField label="Passport" name="passport" id="x" accept="image/*" errors={["Minimum 10 character is required"]} />),
    ]) {
      expect(html).toMatch(/<label for="x"/);
      expect(html).toContain('aria-invalid="true"');
      expect(html).toContain('<p id="x-error" role="alert"');
    }
    expect(await render(<Checkbox label="I agree" name="agree" />)).toContain('type="checkbox"');
    expect(await render(<FileField label="Passport" name="passport" />)).toContain('type="file"');
  });

  it("FormErrors renders nothing when empty and an alert otherwise", async () => {
    expect(await render(<FormErrors />)).toBe("");
    expect(await render(<FormErrors errors={[]} />)).toBe("");
    const html = await render(<FormErrors errors={["Invalid credentials", "Account locked"]} />);
    expect(html).toContain('role="alert"');
    expect(count(html, /<li>/)).toBe(2);
  });
});

describe("DataTable", () => {
  interface Row {
    id: number;
    name: string;
  }
  const columns = [
    { key: "name", header: "Name", cell: (row: Row) => row.name },
    { key: "id", header: "ID", cell: (row: Row) => `#${row.id}` },
  ];

  it("shows the spec empty text spanning all columns", async () => {
    const html = await render(<DataTable columns={columns} rows={[]} />);
    expect(EMPTY_TEXTS.table).toBe("No Data Found For This Table");
    expect(html).toContain('<td colSpan="2"');
    expect(html).toContain("No Data Found For This Table");
  });

  it("accepts another empty text", async () => {
    expect(await render(<DataTable columns={columns} rows={[]} emptyText={EMPTY_TEXTS.list} />)).toContain(">No Data Found<");
  });

  it("renders headers and cells, linking the first cell when rowHref is given", async () => {
    const rows = [
      { id: 1, name: "Annapurna" },
      { id: 2, name: "Everest" },
    ];
    const html = await render(<DataTable columns={columns} rows={rows} rowHref={(row) => `/routes/${row.id}`} caption="Routes" />);
    expect(html).not.toContain("No Data Found");
    expect(html).toContain("<caption");
    expect(count(html, /<th scope="col"/)).toBe(2);
    expect(count(html, /<tr/)).toBe(3);
    expect(html).toMatch(/<a [^>]*href="\/routes\/1"[^>]*>Annapurna<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/routes\/2"[^>]*>Everest<\/a>/);
    expect(html).toContain(">#1</td>");
    expect(count(html, /<a /)).toBe(2);
    expect(html).toContain("overflow-x-auto");
  });
});

describe("Toasts", () => {
  it("lists several messages as a numbered list", async () => {
    const html = await render(<Toasts toasts={[{ id: "t1", type: "danger", messages: ["First", "Second"] }]} />);
    expect(count(html, /<ol/)).toBe(1);
    expect(count(html, /<li/)).toBe(2);
    expect(html).toContain('role="alert"');
    expect(html).toContain("bg-red-50");
  });

  it("shows a single message as a paragraph", async () => {
    const html = await render(<Toasts toasts={[{ id: "t1", type: "success", messages: ["Saved"] }]} />);
    expect(html).not.toContain("<ol");
    expect(html).toContain("<p>Saved</p>");
    expect(html).toContain('role="status"');
  });

  it("can be closed without JS: a checkbox peer and a label pointing at it", async () => {
    const html = await render(
      <Toasts
        toasts={[
          { id: "a", type: "info", messages: ["One"] },
          { id: "b", type: "warning", messages: ["Two"] },
        ]}
      />,
    );
    const checkboxes = [...html.matchAll(/<input id="([^"]+)" type="checkbox" class="peer sr-only"/g)].map((m) => m[1]);
    expect(checkboxes).toHaveLength(2);
    expect(new Set(checkboxes).size).toBe(2);
    for (const id of checkboxes) expect(html).toContain(`<label for="${id}"`);
    expect(count(html, /peer-checked:hidden/)).toBe(2);
  });

  it("renders nothing without toasts", async () => {
    expect(await render(<Toasts toasts={[]} />)).toBe("");
  });
});

describe("Pagination", () => {
  it("renders at most 6 page links and keeps the other query parameters", async () => {
    const html = await render(<Pagination pageIndex={10} pageSize={10} totalRows={500} />, "/routes?q=annapurna&pageindex=10&status=1");
    const links = pageLinks(html);
    // The current page is not a link, so 5 links + 1 current item make the 6-page window.
    expect(links.length).toBeLessThanOrEqual(6);
    expect(links.map((l) => l.label)).toEqual(["9", "10", "12", "13", "14"]);
    expect(html).toMatch(/<span aria-current="page"[^>]*><span class="sr-only">Page <\/span>11<\/span>/);
    for (const { href, label } of links) {
      const url = new URL(href, "http://x");
      expect(url.pathname).toBe("/routes");
      expect(url.searchParams.get("q")).toBe("annapurna");
      expect(url.searchParams.get("status")).toBe("1");
      expect(url.searchParams.get("pageindex")).toBe(String(Number(label) - 1));
    }
    expect(html).toContain("Showing 101-110 of 500");
  });

  it("links previous and next and disables them at the ends", async () => {
    const middle = await render(<Pagination pageIndex={1} pageSize={50} totalRows={120} />, "/x?pageindex=1");
    expect(decode(middle)).toMatch(/href="\/x\?pageindex=0"[^>]*rel="prev"|rel="prev"[^>]*href="\/x\?pageindex=0"/);
    expect(decode(middle)).toMatch(/href="\/x\?pageindex=2"[^>]*rel="next"|rel="next"[^>]*href="\/x\?pageindex=2"/);

    const first = await render(<Pagination pageIndex={0} pageSize={50} totalRows={120} />, "/x");
    expect(first).not.toContain('rel="prev"');
    expect(first).toContain('rel="next"');
    expect(count(first, /aria-disabled="true"/)).toBe(1);

    const last = await render(<Pagination pageIndex={2} pageSize={50} totalRows={120} />, "/x?pageindex=2");
    expect(last).not.toContain('rel="next"');
    expect(last).toContain("Showing 101-120 of 120");
  });

  it("handles an empty list", async () => {
    const html = await render(<Pagination pageIndex={0} pageSize={50} totalRows={0} />, "/x");
    expect(pageLinks(html)).toEqual([]);
    expect(html).not.toContain("aria-current");
    expect(count(html, /aria-disabled="true"/)).toBe(2);
    expect(html).toContain("Showing 0-0 of 0");
  });

  it("has a no-JS page-size form carrying the other parameters but not pageindex", async () => {
    const html = await render(<Pagination pageIndex={3} pageSize={20} totalRows={500} />, "/routes?q=abc&pageindex=3&pageSize=20&tag=a&tag=b");
    expect(html).toMatch(/<form method="get" action="\/routes"/);
    const hidden = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]);
    expect(hidden).toEqual([
      ["q", "abc"],
      ["tag", "a"],
      ["tag", "b"],
    ]);
    expect(html).toMatch(/<select [^>]*name="pageSize"/);
    const sizes = [...html.matchAll(/<option value="(\d+)"( selected="")?>/g)].map((m) => [m[1], Boolean(m[2])]);
    expect(sizes).toEqual([
      ["50", false],
      ["10", false],
      ["20", true],
      ["100", false],
    ]);
    // Server HTML (no JS yet) shows the Go button.
    expect(html).toMatch(/<button type="submit" class="[^"]*"[^>]*>Go<\/button>/);
    expect(html).not.toMatch(/<button[^>]*sr-only[^>]*>Go/);
    expect(html).toContain('<nav aria-label="Pagination"');
  });
});

describe("Tabs", () => {
  it("renders links and marks the current one", async () => {
    const html = await render(
      <Tabs
        tabs={[
          { label: "Details", to: "/permits/1" },
          { label: "History", to: "/permits/1/history" },
        ]}
      />,
      "/permits/1/history",
    );
    expect(html).toMatch(/<a [^>]*aria-current="page"[^>]*href="\/permits\/1\/history"|<a [^>]*href="\/permits\/1\/history"[^>]*aria-current="page"/);
    expect(count(html, /aria-current="page"/)).toBe(1);
    expect(html).toContain("border-blue-700");
  });

  it("matches ?tab= tabs and honours an explicit active flag", async () => {
    const html = await render(
      <Tabs
        tabs={[
          { label: "Open", to: "/list?tab=open" },
          { label: "Closed", to: "/list?tab=closed" },
          { label: "All", to: "/all", active: false },
        ]}
      />,
      "/list?tab=closed&pageindex=2",
    );
    expect(count(html, /aria-current="page"/)).toBe(1);
    expect(decode(html)).toMatch(/href="\/list\?tab=closed"[^>]*>Closed</);
    expect(decode(html)).toMatch(/aria-current="page"[^>]*href="\/list\?tab=closed"|href="\/list\?tab=closed"[^>]*aria-current="page"/);
  });
});

describe("Modal / ConfirmDialog / SidePanel", () => {
  it("renders server-side as an accessible dialog closable by links", async () => {
    const html = await render(
      <Modal title="Edit route" closeTo="/routes">
        <p>Body</p>
      </Modal>,
      "/routes/1/edit",
    );
    expect(html).toContain('role="dialog"');
    expect(html).toContain('aria-modal="true"');
    const labelledBy = html.match(/aria-labelledby="([^"]+)"/)?.[1];
    expect(labelledBy).toBeTruthy();
    expect(html).toContain(`<h2 id="${labelledBy}"`);
    expect(html).toContain("<p>Body</p>");
    // ✕ and backdrop both navigate to closeTo.
    expect(count(html, /href="\/routes"/)).toBe(2);
    expect(html).toMatch(/aria-label="Close"/);
    // Visible without JS: the entry animation only lives in @starting-style.
    expect(html).toContain("starting:opacity-0");
  });

  it("ConfirmDialog shows the spec message, a cancel link and the confirming form", async () => {
    const html = await render(
      <ConfirmDialog closeTo="/routes">
        <form method="post">
          <Button variant="danger">Delete</Button>
        </form>
      </ConfirmDialog>,
    );
    expect(html).toContain("Are you sure ? You wont be able to revert your action");
    expect(html).toMatch(/<a [^>]*href="\/routes"[^>]*>Cancel<\/a>/);
    expect(html).toContain('<form method="post">');
  });

  it("SidePanel is a dialog that slides in and closes via links", async () => {
    const html = await render(
      <SidePanel title="Filters" closeTo="/list?q=1" width="lg">
        x
      </SidePanel>,
    );
    expect(html).toContain('role="dialog"');
    expect(html).toContain("starting:translate-x-full");
    expect(html).toContain("sm:max-w-2xl");
    expect(count(decode(html), /href="\/list\?q=1"/)).toBe(2);
  });
});

describe("PageHeader", () => {
  it("renders breadcrumbs with separators and the title", async () => {
    const html = await render(
      <PageHeader
        title="Add New Routes"
        breadcrumbs={[{ label: "Routes", to: "/routes" }, { label: "Add New Routes" }]}
        actions={<LinkButton to="/routes">Back</LinkButton>}
      />,
    );
    expect(html).toContain('<nav aria-label="Breadcrumb"');
    expect(html).toMatch(/<a [^>]*href="\/routes"[^>]*>Routes<\/a>/);
    expect(html).toContain("&gt;");
    expect(html).toMatch(/<span aria-current="page"[^>]*>Add New Routes<\/span>/);
    expect(html).toMatch(/<h1[^>]*>Add New Routes<\/h1>/);
    expect(html).toContain(">Back</a>");
  });
});
