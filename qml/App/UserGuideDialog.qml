import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// Help › User guide (F1): the short guide, compiled into the program, shown here; the full
// documentation opens in the browser when it is installed on this machine.
Dialog {
    id: dialog
    objectName: "userGuideDialog"
    title: qsTr("PodPlanner user guide")
    modal: true
    standardButtons: Dialog.Close
    width: Math.min(760, parent ? parent.width - 40 : 760)
    height: Math.min(640, parent ? parent.height - 40 : 640)
    readonly property url installedGuide: HelpDocs.docUrl("user-guide.md")

    ColumnLayout {
        anchors.fill: parent
        ScrollView {
            Layout.fillWidth: true
            Layout.fillHeight: true
            TextArea {
                objectName: "userGuideText"
                readOnly: true
                wrapMode: TextEdit.Wrap
                textFormat: TextEdit.MarkdownText
                text: HelpDocs.userGuide()
                background: null
            }
        }
        Button {
            objectName: "openGuideInBrowser"
            text: qsTr("Open the documentation in the browser")
            visible: dialog.installedGuide.toString().length > 0
            onClicked: Qt.openUrlExternally(dialog.installedGuide)
        }
    }
}
