package io.sluice.composite;

/**
 * Hears how a {@link CompositeTransfer} is going. Called on the transfer's monitor thread, one
 * call at a time; a listener must return quickly and must not call back into the transfer. An
 * exception it throws is logged and otherwise ignored.
 */
public interface TransferListener {

    /** The transfer's state, about every progress interval while it runs. */
    void progress(TransferProgress progress);

    /** The transfer ended, completely or not; called once, after the last {@link #progress}. */
    default void finished(TransferSummary summary) {}
}
