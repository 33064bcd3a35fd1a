package com.storageplatform.e2e;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The accounts that must never reach an account's objects, by what they are to it: the same operator's live
 * account and another operator's test and live accounts (the owner's objects are in its test account). Each gets
 * a credential of the kind asked for, holding {@code scopes}, so only the account can refuse.
 */
final class Outsiders {

    private Outsiders() {
    }

    /** API keys of the three outsiders, by what they are to the owner. */
    static Map<String, String> apiKeys(Admin admin, Admin.Operator owner, Admin.Operator other, List<String> scopes) {
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("the owner's live account", admin.apiKey(owner, "live", scopes, null).path("key").asString());
        keys.put("another operator's test account", admin.apiKey(other, "test", scopes, null).path("key").asString());
        keys.put("another operator's live account", admin.apiKey(other, "live", scopes, null).path("key").asString());
        return keys;
    }

    /** Staff tokens of the same three outsiders. */
    static Map<String, String> staffTokens(Admin admin, Admin.Operator owner, Admin.Operator other,
                                           List<String> scopes) {
        Map<String, String> tokens = new LinkedHashMap<>();
        tokens.put("the owner's live account (staff)", admin.staffToken(owner, "live", scopes, null));
        tokens.put("another operator's test account (staff)", admin.staffToken(other, "test", scopes, null));
        tokens.put("another operator's live account (staff)", admin.staffToken(other, "live", scopes, null));
        return tokens;
    }
}
