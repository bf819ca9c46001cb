import { z } from 'zod';
import { responseOf } from '../api/responses';
import { AddressSchema, email, phoneFields, requiredText } from '../profile/contracts';
import { PROFILE_MESSAGES } from '../profile/rules';
import { SubscriberSchema } from './invoices';

/** R-BILL-011..014: the Billing Details messages (the phone one is the spec's, shared with the profile). */
export const BILLING_MESSAGES = {
  busNameRequired: 'Business name is required',
  authNameRequired: 'Authorized person name is required',
  emailRequired: PROFILE_MESSAGES.emailRequired,
  invalidEmail: PROFILE_MESSAGES.invalidEmail,
  invalidPhone: PROFILE_MESSAGES.invalidPhone,
  saved: 'Billing details updated successfully',
} as const;

/** R-BILL-016: the billing phone starts on India; US and IN are the preferred countries (as everywhere). */
export const BILLING_PHONE_DEFAULT_COUNTRY = 'IN';

/**
 * R-BILL-010: `busName` and `authPerson {name, email, phone, phoneCountryCode {countryCode,
 * countryCallingCode}, address {line1, line2, countryId, stateId, locationId, zipcode, aptType}}`.
 * R-BILL-011..015: business name, person name, e-mail and phone required and valid; the address is
 * validated like every address (R-PROFILE-029/030).
 */
export const BillingDetailsSchema = z
  .object({
    busName: requiredText(BILLING_MESSAGES.busNameRequired, 200),
    authPerson: phoneFields({
      name: requiredText(BILLING_MESSAGES.authNameRequired, 100),
      email: email(BILLING_MESSAGES.emailRequired),
      address: AddressSchema,
    }),
  })
  .strict();
export type BillingDetails = z.infer<typeof BillingDetailsSchema>;

/** R-BILL-017: POST /tenant/update-billing-details {billingDetails}. */
export const UpdateBillingDetailsBodySchema = z.object({ billingDetails: BillingDetailsSchema }).strict();
export type UpdateBillingDetailsBody = z.infer<typeof UpdateBillingDetailsBodySchema>;

/** R-BILL-018: POST /billing/get-customer-details {subscriber}; the tenant is the session's. */
export const CustomerDetailsBodySchema = z
  .object({
    subscriber: SubscriberSchema.optional(),
  })
  .strict();

/** What get-customer-details answers: the saved billing details, null until the first save. */
export const CustomerDetailsSchema = z.object({ billingDetails: responseOf(BillingDetailsSchema).nullable() });
export type CustomerDetails = z.infer<typeof CustomerDetailsSchema>;

/** R-BILL-017's answer: the message and the details as saved. */
export const BillingDetailsSavedSchema = z.object({
  message: z.string(),
  billingDetails: responseOf(BillingDetailsSchema),
});
