package com.storageplatform.gateway.limits;

import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.ErrorResponse;
import com.storageplatform.kit.web.JsonResponses;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatusCode;
import org.springframework.util.unit.DataSize;

/**
 * Netty refuses a request line or headers over their limits (414, 431) or a malformed request (400) itself, with
 * an empty body and before any filter runs. Placed between Netty's HTTP codec and Reactor Netty's handler, this
 * notes that the request it passes on failed to decode and gives Netty's answer to it the platform's error envelope
 * ({@code invalid_request}, Netty's status kept). One per connection; Netty closes the connection after that answer.
 */
final class DecodingFailures extends ChannelDuplexHandler {

    static final String NAME = "platform.decodingFailures";

    private final JsonResponses json;
    private final DataSize maxHeaderSize;
    private final DataSize maxInitialLineLength;
    private boolean failed;

    DecodingFailures(JsonResponses json, DataSize maxHeaderSize, DataSize maxInitialLineLength) {
        this.json = json;
        this.maxHeaderSize = maxHeaderSize;
        this.maxInitialLineLength = maxInitialLineLength;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (msg instanceof HttpRequest request && request.decoderResult().isFailure()) {
            failed = true;
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
        if (failed && msg instanceof FullHttpResponse response && response.content().readableBytes() == 0) {
            failed = false;
            int status = response.status().code();
            byte[] body = json.toBytes(ErrorResponse.of(new ApiException(ErrorCode.INVALID_REQUEST,
                    HttpStatusCode.valueOf(status), message(status), List.of(), Map.of())).body());
            FullHttpResponse enveloped = response.replace(Unpooled.wrappedBuffer(body));
            response.release();
            enveloped.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json")
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
            ctx.write(enveloped, promise);
            return;
        }
        ctx.write(msg, promise);
    }

    private String message(int status) {
        return switch (status) {
            case 414 -> "The request line is longer than " + RequestLimits.describe(maxInitialLineLength) + ".";
            case 431 -> "The request's headers are larger than " + RequestLimits.describe(maxHeaderSize) + ".";
            default -> "The request is not well-formed HTTP.";
        };
    }
}
