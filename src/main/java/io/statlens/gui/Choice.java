package io.statlens.gui;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * An entry of a checklist: a value, the text shown for it, and whether it is checked (a property, so that a
 * check box cell can edit it and a view model can react).
 */
public final class Choice<T> {
    private final T value;
    private final String label;
    private final BooleanProperty checked;

    public Choice(T value, String label, boolean checked) {
        this.value = value;
        this.label = label;
        this.checked = new SimpleBooleanProperty(checked);
    }

    public T value() {
        return value;
    }

    public BooleanProperty checkedProperty() {
        return checked;
    }

    public boolean checked() {
        return checked.get();
    }

    @Override
    public String toString() {
        return label;
    }
}
