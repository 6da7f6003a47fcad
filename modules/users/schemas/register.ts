import { z } from "zod";
import { contactField, emailField, messages, panField, passwordField, requiredText, organisationNameField, textOnlyField } from "@lib/validation";
import { confirmField, withPasswordMatch } from "./password-pair";

/**
 * Spec 1 §2.6: an organisation (type 2) or an individual (type 1) signs up. The discriminator
 * stays text: Conform's coercion does not reach into a union's literal.
 */
export { REGISTER_TYPES } from "../form-names";

const credentials = {
  email: emailField("Email"),
  password: passwordField("Password"),
  confirmPassword: confirmField("Confirm Password"),
};

// No country field: the server sets Nepal (524) for every organisation, whatever is posted.
export const organizationSchema = withPasswordMatch(
  z.object({
    userType: z.literal("2"),
    organizationName: organisationNameField("Organization Name"),
    panNumber: panField("PAN Number"),
    contactPerson: textOnlyField("Contact Person"),
    contactNo: contactField("Contact Number"),
    contactAddress: requiredText("Address").max(255),
    ...credentials,
  }),
);

export const individualSchema = withPasswordMatch(
  z.object({
    userType: z.literal("1"),
    fullName: textOnlyField("Full Name"),
    countryId: z
      .number({ error: messages.required("Country") })
      .int()
      .positive(messages.required("Country")),
    ...credentials,
  }),
);

export const registerSchema = z.discriminatedUnion("userType", [organizationSchema, individualSchema], {
  error: messages.required("User Type"),
});

export type RegisterInput = z.infer<typeof registerSchema>;
