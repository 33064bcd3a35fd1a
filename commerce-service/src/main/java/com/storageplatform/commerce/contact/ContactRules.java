package com.storageplatform.commerce.contact;

import static com.storageplatform.kit.validation.Text.blankToNull;
import static com.storageplatform.kit.validation.Text.strip;

import com.storageplatform.kit.validation.Emails;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The field rules of a contact, the same on create and update. Each method reads what a client sent, records what
 * is wrong on {@code v} (naming the field) and returns the value to store. Text is trimmed; an optional text sent
 * blank is no text; nothing else is changed, except that an email address is stored in lower case. Text with a
 * character that cannot be shown ({@link Validation#printable}) is {@code invalid}, not stored.
 */
final class ContactRules {

    static final int NAME_MAX = 100;
    static final int EMAIL_MAX = Emails.MAX_LENGTH;
    static final int PHONE_MAX = 40;
    static final int COMPANY_NAME_MAX = 200;
    static final int ADDRESS_LINE_MAX = 200;
    static final int CITY_MAX = 100;
    static final int POSTCODE_MAX = 20;
    static final int WORDING_MAX = 2000;

    private static final Set<String> COUNTRIES = Set.of(Locale.getISOCountries());
    /** Digits, spaces, {@code +}, {@code -} and parentheses, with at least one digit. */
    private static final Pattern PHONE = Pattern.compile("[0-9 +()\\-]*[0-9][0-9 +()\\-]*");

    private ContactRules() {
    }

    /** {@code first_name} or {@code last_name}: required, 1 to 100 characters once trimmed. */
    static String name(Validation v, String field, String value) {
        String name = strip(value);
        v.require(field, name).maxLength(field, name, NAME_MAX).printable(field, name, false);
        return name;
    }

    /** Trimmed and lower-cased; at most 254 characters and a plausible address. */
    static String email(Validation v, String value) {
        String email = blankToNull(value);
        v.maxLength("email", email, EMAIL_MAX)
                .check(email != null && !isPlausibleEmail(email), "email", FieldIssue.INVALID);
        return email == null ? null : email.toLowerCase(Locale.ROOT);
    }

    static boolean isPlausibleEmail(String email) {
        return Emails.isPlausible(email);
    }

    /** The {@code email} list filter: exact (any case) and plausible, else empty (400). */
    static Optional<String> emailFilter(String value) {
        return isPlausibleEmail(value) ? Optional.of(value.toLowerCase(Locale.ROOT)) : Optional.empty();
    }

    static String phone(Validation v, String value) {
        String phone = blankToNull(value);
        v.maxLength("phone", phone, PHONE_MAX)
                .check(phone != null && !PHONE.matcher(phone).matches(), "phone", FieldIssue.INVALID);
        return phone;
    }

    static String companyName(Validation v, String value) {
        String name = blankToNull(value);
        v.maxLength("company_name", name, COMPANY_NAME_MAX).printable("company_name", name, false);
        return name;
    }

    /** The words the person was shown, kept exactly as sent apart from trimming (line breaks and tabs included). */
    static String wording(Validation v, String value) {
        String wording = blankToNull(value);
        v.maxLength("marketing_consent_wording", wording, WORDING_MAX)
                .printable("marketing_consent_wording", wording, true);
        return wording;
    }

    /** Every part optional; {@code country} ISO 3166-1 alpha-2 in upper case. Null (or every part blank): none. */
    static Contact.Address address(Validation v, Contact.Address value) {
        if (value == null) {
            return null;
        }
        String line1 = blankToNull(value.line1());
        String line2 = blankToNull(value.line2());
        String city = blankToNull(value.city());
        String postcode = blankToNull(value.postcode());
        String country = blankToNull(value.country());
        v.maxLength("address.line1", line1, ADDRESS_LINE_MAX)
                .printable("address.line1", line1, false)
                .maxLength("address.line2", line2, ADDRESS_LINE_MAX)
                .printable("address.line2", line2, false)
                .maxLength("address.city", city, CITY_MAX)
                .printable("address.city", city, false)
                .maxLength("address.postcode", postcode, POSTCODE_MAX)
                .printable("address.postcode", postcode, false)
                .check(country != null && !COUNTRIES.contains(country), "address.country", FieldIssue.INVALID);
        Contact.Address address = new Contact.Address(line1, line2, city, postcode, country);
        return address.isEmpty() ? null : address;
    }
}
