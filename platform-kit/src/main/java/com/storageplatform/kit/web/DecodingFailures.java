package com.storageplatform.kit.web;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatusCode;
import org.springframework.util.unit.DataSize;
import reactor.netty.NettyPipeline;

/**
 * Netty refuses a request line or headers over their limits (414, 431) or a malformed request (400) itself, with
 * an empty body and before any filter runs. Placed between Netty's HTTP codec and Reactor Netty's handler, this
 * notes that the request it passes on failed to decode and gives Netty's answer to it the platform's error envelope
 * ({@code invalid_request}, Netty's status kept). One per connection; Netty closes the connection after that answer.
 * Every process has it (the kit's web auto-configuration): the gateway for what clients send, a service for anything
 * that reaches it past the gateway.
 */
public final class DecodingFailures extends ChannelDuplexHandler {

    public static final String NAME = "platform.decodingFailures";

    private final JsonResponses json;
    private final DataSize maxHeaderSize;
    private final DataSize maxInitialLineLength;
    private boolean failed;

    public DecodingFailures(JsonResponses json, DataSize maxHeaderSize, DataSize maxInitialLineLength) {
        this.json = json;
        this.maxHeaderSize = maxHeaderSize;
        this.maxInitialLineLength = maxInitialLineLength;
    }

    /** Adds one to a new connection's pipeline, ahead of Reactor Netty's handler (an HTTP/1.1 connection's). */
    public static void install(ChannelPipeline pipeline, JsonResponses json, DataSize maxHeaderSize,
            DataSize maxInitialLineLength) {
        if (pipeline.get(NettyPipeline.HttpTrafficHandler) != null && pipeline.get(NAME) == null) {
            pipeline.addBefore(NettyPipeline.HttpTrafficHandler, NAME,
                    new DecodingFailures(json, maxHeaderSize, maxInitialLineLength));
        }
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
            case 414 -> "The request line is longer than " + describe(maxInitialLineLength) + ".";
            case 431 -> "The request's headers are larger than " + describe(maxHeaderSize) + ".";
            default -> "The request is not well-formed HTTP.";
        };
    }

    /** A size as a message states it: {@code 1 MiB}, {@code 512 KiB}, {@code 100 bytes}. */
    public static String describe(DataSize size) {
        long bytes = size.toBytes();
        if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0) {
            return bytes / (1024 * 1024) + " MiB";
        }
        if (bytes >= 1024 && bytes % 1024 == 0) {
            return bytes / 1024 + " KiB";
        }
        return bytes + " bytes";
    }
}
