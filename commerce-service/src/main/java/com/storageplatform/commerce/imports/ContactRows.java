package com.storageplatform.commerce.imports;

import com.storageplatform.commerce.contact.ContactImports;
import com.storageplatform.commerce.imports.ImportColumns.Column;
import com.storageplatform.commerce.imports.ImportColumns.Layout;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The contacts file: one contact a row, the columns of {@code POST /v1/contacts} (the address's parts as columns of
 * their own), each row judged by that endpoint's rules ({@link ContactImports#check}).
 */
final class ContactRows {

    static final List<Column> COLUMNS = List.of(
            Column.required("first_name", "forename", "given_name", "first"),
            Column.required("last_name", "surname", "family_name", "last"),
            Column.optional("email", "email_address", "e-mail", "e-mail address"),
            Column.optional("phone", "telephone", "phone_number", "tel", "mobile"),
            Column.optional("company_name", "company", "organisation", "organization", "business"),
            Column.optional("address_line1", "address_1", "address", "street", "line1"),
            Column.optional("address_line2", "address_2", "line2"),
            Column.optional("address_city", "city", "town"),
            Column.optional("address_postcode", "postcode", "post_code", "postal_code", "zip", "zip_code"),
            Column.optional("address_country", "country", "country_code"),
            Column.optional("marketing_status"),
            Column.optional("marketing_consent", "marketing", "opt_in", "consent"),
            Column.optional("marketing_consent_wording", "consent_wording"));

    /** The create body's fields and the columns that carry them. */
    private static final Map<String, String> COLUMN_OF_FIELD = Map.of("address.line1", "address_line1",
            "address.line2", "address_line2", "address.city", "address_city", "address.postcode", "address_postcode",
            "address.country", "address_country");

    private ContactRows() {
    }

    /** The row judged: its contact, or its problems (each naming the file's header). */
    static ContactImports.Checked check(Layout layout, CsvFile.Row row, Instant now, List<ImportProblem> problems) {
        String consentText = layout.text(row, "marketing_consent");
        Boolean consent = consentText == null ? null : ImportValues.yesNo(consentText).orElse(null);
        ContactImports.Checked checked = ContactImports.check(new ContactImports.Row(
                layout.text(row, "first_name"), layout.text(row, "last_name"), layout.text(row, "email"),
                layout.text(row, "phone"), layout.text(row, "company_name"), layout.text(row, "address_line1"),
                layout.text(row, "address_line2"), layout.text(row, "address_city"),
                layout.text(row, "address_postcode"), layout.text(row, "address_country"),
                layout.text(row, "marketing_status"), consent, layout.text(row, "marketing_consent_wording")), now);
        List<ImportProblem> found = new ArrayList<>();
        for (FieldIssue issue : checked.issues()) {
            String column = COLUMN_OF_FIELD.getOrDefault(issue.field(), issue.field());
            found.add(ImportProblem.of(row.line(), layout.header(column), issue.issue(),
                    message(column, issue.issue(), layout.text(row, column))));
        }
        if (consentText != null && consent == null) {
            found.add(ImportProblem.of(row.line(), layout.header("marketing_consent"), FieldIssue.INVALID,
                    "marketing_consent is yes or no (y/n, true/false, 1/0), not \"" + consentText + "\"."));
        }
        problems.addAll(found);
        return consentText != null && consent == null ? new ContactImports.Checked(null, checked.issues())
                : checked;
    }

    private static String message(String column, String issue, String value) {
        return switch (issue) {
            case FieldIssue.REQUIRED -> column + " is required.";
            case FieldIssue.TOO_LONG -> column + " is too long.";
            case FieldIssue.INVALID_TRANSITION -> column + " cannot be not_asked once it is no.";
            default -> value == null ? column + " is not valid." : column + " is not valid: \"" + value + "\".";
        };
    }
}
