package com.storageplatform.kit.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.transaction.CannotCreateTransactionException;

/** Failures that are not the client's fault but have a meaning of their own are not answered 500. */
class ErrorMapperTest {

    @Test
    void aConnectionPoolThatStayedBusyIsServiceUnavailableWithRetryAfter() {
        ApiException busy = ErrorMapper.toApiException(new CannotCreateTransactionException(
                "Could not open R2DBC Connection for transaction", new IllegalStateException("acquire timeout")));
        assertThat(busy.code()).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
        assertThat(busy.status().value()).isEqualTo(503);
        assertThat(busy.headers()).containsEntry("Retry-After", "1");
        assertThat(busy.getMessage()).contains("retry after 1 second");
    }

    @Test
    void anythingElseUnexpectedIsLeftToTheInternalError() {
        assertThat(ErrorMapper.toApiException(new IllegalStateException("bug"))).isNull();
    }
}
