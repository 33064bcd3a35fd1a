package com.storageplatform.billing.provider;

import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The 422s of payment details a provider (or its simulator) will not take, naming the request field the client
 * sent them in. Adapters throw them; a feature that checks the same details itself, or renames the field, builds
 * the same error here.
 */
public final class ProviderRejections {

    public static final String CARD_TOKEN = "card_token";
    public static final String SORT_CODE = "bank_account.sort_code";
    public static final String ACCOUNT_NUMBER = "bank_account.account_number";
    public static final String ACCOUNT_HOLDER_NAME = "bank_account.account_holder_name";

    private ProviderRejections() {
    }

    /** The card token is unknown, used already, or its card was declined when saved. */
    public static ApiException cardToken(String providerMessage) {
        return rejected(CARD_TOKEN, "The card could not be saved", providerMessage);
    }

    /** A bank account detail the provider will not take; {@code field} is one of the bank account constants. */
    public static ApiException bankAccount(String field, String providerMessage) {
        return rejected(field, "The bank account could not be used", providerMessage);
    }

    /** Every bank detail refused at once, each with the provider's words for it ("must be 6 digits"). */
    static ApiException bankAccount(Map<String, String> refused) {
        if (refused.size() == 1) {
            Map.Entry<String, String> only = refused.entrySet().iterator().next();
            return bankAccount(only.getKey(), only.getKey() + " " + only.getValue());
        }
        List<FieldIssue> issues = refused.keySet().stream().map(field -> new FieldIssue(field, FieldIssue.INVALID))
                .toList();
        String reasons = refused.entrySet().stream().map(entry -> entry.getKey() + " " + entry.getValue())
                .collect(Collectors.joining("; "));
        return new ApiException(ErrorCode.VALIDATION_ERROR, ErrorCode.VALIDATION_ERROR.status(),
                "The bank account could not be used: " + reasons + ". Check them and send them again.", issues,
                Map.of());
    }

    private static ApiException rejected(String field, String what, String providerMessage) {
        String why = providerMessage == null || providerMessage.isBlank() ? "" : ": " + providerMessage.strip();
        return ApiException.invalid(field, FieldIssue.INVALID, what + why + (why.endsWith(".") ? "" : ".")
                + " Check " + field + " and send it again.");
    }
}
