#pragma once
// One instanced draw of boxes (racks, chips, OCS): the instance table the GPU reads, built from
// plain boxes. Follows Qt's custominstancing example; colours multiply the material's base colour.
#include <QColor>
#include <QVector3D>
#include <QVector>
#include <QtQml/qqmlregistration.h>
#include <QtQuick3D/qquick3dinstancing.h>

namespace podplanner::views {

struct Box {
    QVector3D center;
    QVector3D size;
    QColor color;
};

class BoxInstancing : public QQuick3DInstancing {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by SceneController")
  public:
    explicit BoxInstancing(QQuick3DObject* parent = nullptr);

    void setBoxes(QVector<Box> boxes);
    const QVector<Box>& boxes() const { return boxes_; }

  protected:
    QByteArray getInstanceBuffer(int* instanceCount) override;

  private:
    QVector<Box> boxes_;
    QByteArray table_;
    bool dirty_ = true;
};

} // namespace podplanner::views
