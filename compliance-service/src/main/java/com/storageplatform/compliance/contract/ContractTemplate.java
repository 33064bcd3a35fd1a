package com.storageplatform.compliance.contract;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The {@code contract_template} resource: the wording licence documents are made from, the operator's own or the
 * default. Named, not numbered: there is one of each per account.
 *
 * @param name         {@code licence}: the licence document of an agreement
 * @param title        the document's title, one line; {@code {{placeholders}}} are filled from the agreement
 * @param body         the document's text: paragraphs separated by blank lines, with {@code {{placeholders}}}
 * @param placeholders the placeholders this template may use
 * @param isDefault    true while the account uses the default wording
 * @param version      0 for the default wording, then one more with each change the operator makes; a contract
 *                     records the version its document was made from
 * @param updatedAt    when the operator last changed it; null while it never has
 */
public record ContractTemplate(String object, @OneOf("NAMES") String name, String title, String body,
        List<String> placeholders, boolean isDefault, int version, @Nullable Instant updatedAt) {

    public static final String OBJECT = "contract_template";
    public static final List<String> NAMES = List.of(LicenceTemplate.NAME);
}
