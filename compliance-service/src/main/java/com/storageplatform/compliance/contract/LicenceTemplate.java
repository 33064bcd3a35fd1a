package com.storageplatform.compliance.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The wording a licence document is made from: a title and a body of paragraphs (separated by blank lines; a line
 * break inside a paragraph is kept) with {@code {{placeholders}}} filled from the agreement's terms. Every account
 * has {@link #DEFAULT}; the operator may word its own ({@code /v1/contract-templates/licence}).
 *
 * <p>Compliance does not know the operator's own name (auth's events do not carry it), so the default names the
 * Licensor as the operator of the site; an operator writes its legal name into its own template.
 */
record LicenceTemplate(String title, String body) {

    static final String NAME = "licence";

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{\\s*([a-z_]+)\\s*}}");
    /** Anything written as a placeholder, so that a misspelt one ({@code {{Unit name}}}) is refused, not printed. */
    private static final Pattern ANY_PLACEHOLDER = Pattern.compile("\\{\\{([^{}]*)}}");

    static final String CUSTOMER_NAME = "customer_name";
    static final String SITE_NAME = "site_name";
    static final String SITE_ADDRESS = "site_address";
    static final String UNIT_NAME = "unit_name";
    static final String LICENCE_FEE = "licence_fee";
    static final String MOVE_IN_DATE = "move_in_date";
    static final String CONTRACT_DATE = "contract_date";
    static final String AGREEMENT_ID = "agreement_id";
    static final String CONTRACT_ID = "contract_id";

    /** The placeholders a licence template may use, in the order the docs describe them. */
    static final List<String> PLACEHOLDERS = List.of(CUSTOMER_NAME, SITE_NAME, SITE_ADDRESS, UNIT_NAME, LICENCE_FEE,
            MOVE_IN_DATE, CONTRACT_DATE, AGREEMENT_ID, CONTRACT_ID);

    static final LicenceTemplate DEFAULT = new LicenceTemplate("Licence to store goods", """
            This licence is made on {{contract_date}}.

            Licensor: the operator of {{site_name}}
            Licensee: {{customer_name}}
            Unit: {{unit_name}} at {{site_name}}
            Site address: {{site_address}}
            Licence fee: {{licence_fee}} per month
            Start date: {{move_in_date}}
            Agreement: {{agreement_id}}

            1. The Licensor grants the Licensee a licence to store goods in the unit from the start date. This is a \
            licence, not a tenancy: it gives the Licensee the right to use the unit, and no right to exclusive \
            possession of the unit or of the site.

            2. The Licensee pays the licence fee each month in advance for as long as this licence lasts.

            3. Either party may end this licence by giving notice that names its last day, which is not earlier \
            than the day the notice is given. The licence fee is due up to and including that day, by which the \
            Licensee empties the unit.

            4. The Licensee stores only goods that are lawful and safe to store, and keeps to the site's rules on \
            access.

            By signing, the Licensee accepts this licence on these terms.
            """.strip());

    /** The title and body with each placeholder replaced by its value (an unknown or missing one by nothing). */
    LicenceTemplate fill(Map<String, String> values) {
        return new LicenceTemplate(fill(title, values).strip(), fill(body, values).strip());
    }

    private static String fill(String text, Map<String, String> values) {
        Matcher placeholders = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (placeholders.find()) {
            String value = values.get(placeholders.group(1));
            placeholders.appendReplacement(out, Matcher.quoteReplacement(value == null ? "" : value));
        }
        placeholders.appendTail(out);
        return out.toString();
    }

    /** The body's paragraphs: split at blank lines, each trimmed, line breaks inside one kept. */
    List<String> paragraphs() {
        List<String> paragraphs = new ArrayList<>();
        for (String paragraph : body.replace("\r\n", "\n").replace('\r', '\n').split("\\n\\s*\\n")) {
            if (!paragraph.isBlank()) {
                paragraphs.add(paragraph.strip());
            }
        }
        return paragraphs;
    }

    /** The placeholders of {@code text} a licence template does not have, in order of appearance. */
    static List<String> unknownPlaceholders(String text) {
        List<String> unknown = new ArrayList<>();
        Matcher placeholders = ANY_PLACEHOLDER.matcher(text == null ? "" : text);
        while (placeholders.find()) {
            String name = placeholders.group(1).strip();
            if (!PLACEHOLDERS.contains(name) && !unknown.contains(name)) {
                unknown.add(name);
            }
        }
        return unknown;
    }
}
