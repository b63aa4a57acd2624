#pragma once
// The built-in clusters and models for the New Project and Add Job dialogs.
#include <QObject>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

namespace podplanner::views {

class PresetCatalog : public QObject {
    Q_OBJECT
    QML_ELEMENT
    // [{id, name, kind, chip, chips}] and [{id, name, source}]
    Q_PROPERTY(QVariantList clusters READ clusters CONSTANT)
    Q_PROPERTY(QVariantList models READ models CONSTANT)
  public:
    using QObject::QObject;
    static QVariantList clusters();
    static QVariantList models();
};

} // namespace podplanner::views
