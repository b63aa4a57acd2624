#pragma once
// Keyboard shortcuts as the platform writes them ("Ctrl+S"), for the menus and the shortcuts
// table: an Action's shortcut is a standard key (an enum value) or a string.
#include <QObject>
#include <QString>
#include <QVariant>
#include <QtQml/qqmlregistration.h>

namespace podplanner::views {

class KeyText : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
  public:
    using QObject::QObject;
    // The first key binding of a standard key (Quit has several), or the string's sequence;
    // empty for none.
    Q_INVOKABLE static QString native(const QVariant& shortcut);
};

} // namespace podplanner::views
