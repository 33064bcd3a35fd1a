package com.storageplatform.commerce.contact;

import com.storageplatform.kit.web.Patch;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code PATCH /v1/contacts/{id}}: a field left out stays as it is, a field sent as {@code null}
 * clears it (the kit's {@link Patch}); {@code first_name}, {@code last_name}, {@code marketing_status} and
 * {@code marketing_consent} always have a value, so {@code null} for them is {@code required}. {@code address}
 * merges: only its parts that were sent change, and {@code null} removes the whole address.
 */
record ContactChanges(Patch<String> firstName, Patch<String> lastName, Patch<String> email, Patch<String> phone,
        Patch<String> companyName, Patch<AddressChanges> address, Patch<String> marketingStatus,
        Patch<Boolean> marketingConsent, Patch<String> marketingConsentWording) {

    @Schema(name = "ContactAddressChanges")
    record AddressChanges(Patch<String> line1, Patch<String> line2, Patch<String> city, Patch<String> postcode,
            Patch<String> country) {

        /** {@code current} (null when there is no address yet) with the parts that were sent replaced. */
        Contact.Address applyTo(Contact.Address current) {
            Contact.Address base = current == null ? new Contact.Address(null, null, null, null, null) : current;
            return new Contact.Address(
                    Patch.apply(line1, base.line1()),
                    Patch.apply(line2, base.line2()),
                    Patch.apply(city, base.city()),
                    Patch.apply(postcode, base.postcode()),
                    Patch.apply(country, base.country()));
        }
    }

    /**
     * The same changes as a create body sends them: what an archived contact added again receives. Its marketing
     * fields are left out: they follow the create rules ({@link Marketing#onReturn}), not an update's.
     */
    static ContactChanges of(CreateContact body) {
        return new ContactChanges(Patch.of(body.firstName()), Patch.of(body.lastName()), sent(body.email()),
                sent(body.phone()), sent(body.companyName()),
                body.address() == null ? null : Patch.of(new AddressChanges(sent(body.address().line1()),
                        sent(body.address().line2()), sent(body.address().city()), sent(body.address().postcode()),
                        sent(body.address().country()))),
                null, null, sent(body.marketingConsentWording()));
    }

    private static <T> Patch<T> sent(T value) {
        return value == null ? null : Patch.of(value);
    }
}
