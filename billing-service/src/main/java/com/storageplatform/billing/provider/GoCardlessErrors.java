package com.storageplatform.billing.provider;

import com.gocardless.GoCardlessException;
import com.gocardless.errors.ApiError;
import com.gocardless.errors.GoCardlessApiException;
import com.gocardless.errors.MalformedResponseException;
import com.gocardless.http.GoCardlessNetworkException;
import com.storageplatform.kit.resilience.ProviderCalls;
import com.storageplatform.kit.web.ApiException;
import java.net.SocketTimeoutException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * GoCardless's failures in the platform's words. Its 5xx, rate limits, answers that are not its JSON (a proxy's
 * error page) and lost connections are outages; a refused access token is the platform's fault, a 500 logged
 * without the token; a request GoCardless refused as built is a 500 too, the client never sent it.
 */
final class GoCardlessErrors {

    private static final Logger log = LoggerFactory.getLogger(GoCardlessErrors.class);
    /** GoCardless's bank account fields, by the field the client sent each in. */
    private static final Map<String, String> BANK_ACCOUNT_FIELDS = Map.of(
            "branch_code", ProviderRejections.SORT_CODE,
            "account_number", ProviderRejections.ACCOUNT_NUMBER,
            "account_holder_name", ProviderRejections.ACCOUNT_HOLDER_NAME);

    private GoCardlessErrors() {
    }

    static Throwable translate(Throwable failure) {
        if (failure instanceof GoCardlessNetworkException network) {
            log.warn("GoCardless could not be reached: {}", network.getCause() == null ? network
                    : network.getCause().getClass().getSimpleName());
            return network.getCause() instanceof SocketTimeoutException ? ProviderCalls.timeout("GoCardless")
                    : ProviderCalls.outage("GoCardless", 503);
        }
        if (failure instanceof MalformedResponseException
                || ProviderCalls.thrownInsideClient(failure, "com.gocardless.")
                        && !(failure instanceof GoCardlessException)) {
            log.warn("GoCardless answered something that is not its JSON");
            return ProviderCalls.outage("GoCardless", 503);
        }
        if (!(failure instanceof GoCardlessApiException api)) {
            return failure instanceof GoCardlessException unexpected
                    ? new IllegalStateException("GoCardless's client failed: " + unexpected.getClass().getSimpleName())
                    : failure;
        }
        if (api.getCode() >= 500 || api.getCode() == 429) {
            log.warn("GoCardless failed: status {}, request {}", api.getCode(), api.getRequestId());
            return ProviderCalls.outage("GoCardless", 503);
        }
        if (api.getCode() == 401 || api.getCode() == 403) {
            return new IllegalStateException("GoCardless refused the platform's access token (status " + api.getCode()
                    + ", request " + api.getRequestId() + "): check BILLING_PROVIDERS_GOCARDLESS_ACCESS_TOKEN");
        }
        return new IllegalStateException("GoCardless refused a request the platform built (status " + api.getCode()
                + ", " + api.getType() + ", request " + api.getRequestId() + "): " + describe(api));
    }

    /** The 422 of bank details GoCardless will not take, every field it names; null when it names none of them. */
    static ApiException bankAccountRejection(GoCardlessApiException invalid) {
        Map<String, String> refused = new LinkedHashMap<>();
        for (ApiError error : errors(invalid)) {
            String field = BANK_ACCOUNT_FIELDS.get(error.getField());
            if (field != null) {
                refused.put(field, error.getMessage());
            }
        }
        return refused.isEmpty() ? null : ProviderRejections.bankAccount(refused);
    }

    static boolean names(GoCardlessApiException invalid, String field) {
        return errors(invalid).stream().anyMatch(error -> field.equals(error.getField()));
    }

    /** GoCardless's own words for what it refused (it names fields and states, never details or tokens). */
    static String message(GoCardlessApiException refused) {
        String message = describe(refused);
        return message.endsWith(".") ? message : message + ".";
    }

    private static String describe(GoCardlessApiException refused) {
        List<ApiError> errors = errors(refused);
        if (errors.isEmpty()) {
            return String.valueOf(refused.getErrorMessage());
        }
        return errors.stream()
                .map(error -> error.getField() == null ? error.getMessage() : error.getField() + " " + error.getMessage())
                .collect(Collectors.joining("; "));
    }

    private static List<ApiError> errors(GoCardlessApiException failure) {
        return failure.getErrors() == null ? List.of() : failure.getErrors();
    }
}
