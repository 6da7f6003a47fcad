/**
 * The page script of the registration's forms served without React (ADR 0029, 0035): the
 * wizard's first step and the review page's editors (?edit=trek, trekker-{id}, insurance-{id},
 * add). Each page is server-rendered as it works without JavaScript and posts as a plain form;
 * this gives it what the React form did: the trek's and the trekker's dependent fields, the photo
 * checked, cropped and scaled in the browser, each field checked by the server when it is left,
 * and the submit sent with its upload progress, answered in JSON so the form and its photo stay
 * as they are when the server refuses it.
 */
import { REGISTRATION_MESSAGES } from "../rules";
import { enhanceScriptForm } from "@lib/ui/browser/script-form";
import { enhanceTrekFields } from "./trek-fields";
import { enhanceTrekkerFields } from "./trekker-fields";
import { setUpPhoto } from "./photo-field";

function enhance(form: HTMLFormElement) {
  enhanceTrekFields(form);
  const { openDiplomat } = enhanceTrekkerFields(form);
  const photo = form.elements.namedItem("photo");
  const photoInput = photo instanceof HTMLInputElement ? setUpPhoto(photo, (message) => showError("photo", message)) : null;
  const { showError } = enhanceScriptForm(form, {
    skip: ["photo", "cropX", "cropY", "cropSize"],
    ready: () => photoInput?.ready() ?? Promise.resolve(),
    refused: (answer) => {
      if (typeof answer.photoError === "string" && answer.photoError) {
        // The server refused the photo itself: keeping it would only send it again.
        photoInput?.clear();
        showError("photo", answer.photoError);
      }
      if (answer.errors?.trekkerType?.includes(REGISTRATION_MESSAGES.diplomat)) openDiplomat();
    },
  });
}

document.querySelectorAll<HTMLFormElement>("form[data-script-action]").forEach(enhance);
