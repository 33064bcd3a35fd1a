package com.storageplatform.auth.credential;

import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.caller.Scopes;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The body fields every issued credential and OAuth client shares: {@code environment}, {@code name},
 * {@code scopes} and {@code site_ids}. Each check records its issues in the request's {@link Validation} and
 * returns the parsed value (meaningful only when the validation passes).
 */
public final class CredentialRules {

    public static final int MAX_NAME_LENGTH = 200;
    public static final int MAX_SITES = 100;

    private CredentialRules() {
    }

    /** Required, {@code live} or {@code test}. */
    public static Environment environment(Validation validation, String value) {
        validation.require("environment", value).oneOf("environment", value, List.of("live", "test"));
        return validation.has("environment") ? null : Environment.of(value);
    }

    /** At most 200 characters; required unless {@code required} is false, and never blank when given. */
    public static void name(Validation validation, String name, boolean required) {
        if (required) {
            validation.require("name", name);
        } else {
            validation.check(name != null && name.isBlank(), "name", FieldIssue.INVALID);
        }
        validation.maxLength("name", name, MAX_NAME_LENGTH);
    }

    /** A non-empty array of scopes from the spec's table ({@link Scopes#ALL}), each once. */
    public static List<String> scopes(Validation validation, List<String> scopes) {
        if (scopes == null || scopes.isEmpty()) {
            validation.add("scopes", FieldIssue.REQUIRED);
            return List.of();
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < scopes.size(); i++) {
            String scope = scopes.get(i);
            if (scope == null || !Scopes.isKnown(scope)) {
                validation.add("scopes[" + i + "]", FieldIssue.INVALID);
            } else if (!seen.add(scope)) {
                validation.add("scopes[" + i + "]", FieldIssue.DUPLICATE);
            }
        }
        return List.copyOf(scopes.stream().filter(scope -> scope != null).toList());
    }

    /** Absent or null: every site. Otherwise 1 to 100 site ids (UUIDv7), each once. */
    public static List<UUID> siteIds(Validation validation, List<String> siteIds) {
        if (siteIds == null) {
            return null;
        }
        if (siteIds.isEmpty()) {
            validation.add("site_ids", FieldIssue.BELOW_MINIMUM);
            return null;
        }
        if (siteIds.size() > MAX_SITES) {
            validation.add("site_ids", FieldIssue.ABOVE_MAXIMUM);
            return null;
        }
        List<UUID> parsed = new ArrayList<>();
        for (int i = 0; i < siteIds.size(); i++) {
            Optional<UUID> id = Ids.parse(siteIds.get(i));
            if (id.isEmpty()) {
                validation.add("site_ids[" + i + "]", FieldIssue.INVALID);
            } else if (parsed.contains(id.get())) {
                validation.add("site_ids[" + i + "]", FieldIssue.DUPLICATE);
            } else {
                parsed.add(id.get());
            }
        }
        return parsed;
    }
}
