#include "key_text.h"

#include <QKeySequence>

namespace podplanner::views {

QString KeyText::native(const QVariant& shortcut) {
    if (!shortcut.isValid() || shortcut.isNull())
        return {};
    QKeySequence keys;
    if (shortcut.typeId() == QMetaType::QString) {
        keys = QKeySequence(shortcut.toString());
    } else if (shortcut.canConvert<QKeySequence>() &&
               shortcut.typeId() == QMetaType::QKeySequence) {
        keys = shortcut.value<QKeySequence>();
    } else {
        bool isNumber = false;
        const int standard = shortcut.toInt(&isNumber);
        if (!isNumber || standard <= 0)
            return {};
        const auto bindings =
            QKeySequence::keyBindings(static_cast<QKeySequence::StandardKey>(standard));
        if (bindings.isEmpty())
            return {};
        keys = bindings.first();
    }
    return keys.toString(QKeySequence::NativeText);
}

} // namespace podplanner::views
