import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// A line across the window that says something until dismissed: an error (red) or a notice of
// what an edit did beyond what was asked (blue). Hidden while its text is empty.
Rectangle {
    id: banner
    property alias text: label.text
    property bool error: true
    signal dismissed()
    visible: text.length > 0
    color: error ? Theme.badBackground : Theme.infoBackground
    border.color: error ? Theme.bad : Theme.accent
    implicitHeight: label.implicitHeight + 16
    RowLayout {
        anchors.fill: parent
        anchors.margins: Theme.gapMedium
        Label {
            id: label
            objectName: banner.objectName.replace("Banner", "Label")
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            color: banner.error ? Theme.badText : Theme.infoText
        }
        Button { text: qsTr("Dismiss"); onClicked: banner.dismissed() }
    }
}
