import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { sequelize } from "../../db/sequelize.server";
import { agencyChoices } from "./directory.server";
import { createUser } from "./service.server";
import { User } from "./models/user.server";

// The agency filter's choices are kept a while per instance (ADR 0033): a write through this
// process shows at once, a write that bypasses the model (another instance) after the period.

const tag = `ac${Math.random().toString(36).slice(2, 7)}`;
const names = async () => (await agencyChoices()).map((a) => a.name);

beforeAll(async () => {
  await prepareTestDatabase();
});

describe("agency choices", () => {
  it("show a new, renamed or deleted agency at once when written through the model", async () => {
    await names(); // kept from here on
    const agency = await createUser({
      userType: 2,
      email: `a.${tag}@choices.test`,
      password: "Valid#Pass1",
      fullName: "Contact",
      organizationName: `Org ${tag}`,
      emailVerified: true,
    });
    expect(await names()).toContain(`Org ${tag}`);
    await User.update({ organizationName: `Renamed ${tag}` }, { where: { id: agency.id } });
    expect(await names()).toContain(`Renamed ${tag}`);
    await User.destroy({ where: { id: agency.id } });
    expect(await names()).not.toContain(`Renamed ${tag}`);
  });

  it("are kept when the table is written around the model, until forgotten", async () => {
    const agency = await createUser({
      userType: 2,
      email: `b.${tag}@choices.test`,
      password: "Valid#Pass1",
      fullName: "Contact",
      organizationName: `Kept ${tag}`,
      emailVerified: true,
    });
    expect(await names()).toContain(`Kept ${tag}`);
    await sequelize.query(`UPDATE users SET organizationName = 'Raw ${tag}' WHERE id = ${agency.id}`);
    expect(await names()).toContain(`Kept ${tag}`);
    agencyChoices.forget();
    expect(await names()).toContain(`Raw ${tag}`);
  });
});
