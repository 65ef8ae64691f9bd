package io.redcron.node.alert;

import io.redcron.config.Secret;

import java.net.URI;
import java.time.Instant;
import java.util.Optional;

/** One chat platform's message format, signing and reply. Pure: it sends nothing, and its clock is given. */
interface ChatFormat {

    /** What to POST where: the webhook's URL (with a signature, for platforms that sign in the query) and the JSON. */
    record Request(URI uri, String json) {
    }

    /** @param secret the robot's signing key; {@link Secret#NONE} when the robot is not signed */
    Request request(URI webhook, ChatMessage message, Secret secret, Instant now);

    /** Why a 2xx reply says the message was not posted after all (a wrong signature…); empty when it was. */
    Optional<String> refusal(String reply);
}
